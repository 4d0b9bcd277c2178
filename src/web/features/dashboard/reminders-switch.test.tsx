import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/render';
import { stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { RemindersSwitch } from './reminders-switch';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RemindersSwitch', () => {
  it('shows the saved choice and turns reminders off and on', async () => {
    const server = stubTrpcFetch({
      'mail.reminders': () => ({ data: { weeklyReminders: true } }),
      'mail.setReminders': (input) => ({ data: input }),
    });
    const user = userEvent.setup();
    renderRoute(RemindersSwitch);
    const toggle = await screen.findByRole('switch', { name: /Weekly reminder emails/ });
    expect(toggle).toBeChecked();

    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(server.calls.find((call) => call.path === 'mail.setReminders')?.input).toEqual({ weeklyReminders: false });
    const notifications = within(screen.getByRole('region', { name: 'Notifications' }));
    expect(await notifications.findByText('Weekly reminders are off.')).toBeInTheDocument();
  });
});
