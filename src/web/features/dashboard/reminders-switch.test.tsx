import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderRoute } from '../../test/render';
import { stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { RemindersSwitch } from './reminders-switch';

afterEach(() => {
  vi.unstubAllGlobals();
  i18n.activate('en');
});

describe('RemindersSwitch', () => {
  it('shows the saved choice and turns reminders off and on', async () => {
    const server = stubTrpcFetch({
      'mail.reminders': () => ({ data: { weeklyReminders: true } }),
      'mail.setReminders': (input) => ({ data: input }),
    });
    const user = userEvent.setup();
    renderRoute(RemindersSwitch);
    const toggle = await screen.findByRole('switch', { name: 'Weekly reminder emails' });
    expect(toggle).toBeChecked();

    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(server.calls.find((call) => call.path === 'mail.setReminders')?.input).toEqual({ weeklyReminders: false });
    const notifications = within(screen.getByRole('region', { name: 'Notifications' }));
    expect(await notifications.findByText('Weekly reminders are off.')).toBeInTheDocument();
  });

  // Mantine puts the switch inside a <label> that holds its description too: without its own name a
  // screen reader (Orca, 2026-11-28) said the description twice, once as the switch's name.
  it('is named by its label alone, in Spanish too, and described by its description', async () => {
    stubTrpcFetch({ 'mail.reminders': () => ({ data: { weeklyReminders: true } }) });
    i18n.activate('es');
    renderRoute(RemindersSwitch);
    const toggle = await screen.findByRole('switch', { name: 'Recordatorios semanales por correo' });
    expect(toggle).toHaveAccessibleDescription(/^Un correo amable/);
  });
});
