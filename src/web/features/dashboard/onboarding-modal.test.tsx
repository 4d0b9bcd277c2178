import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../test/render';
import { OnboardingModal } from './onboarding-modal';

afterEach(() => {
  i18n.activate('en');
});

const placeholder = { userDisplayName: 'Trial User', partnerName: 'Partner', weddingDate: null };

describe('OnboardingModal', () => {
  // A closed dialog's portal, mounted with the page, fills itself in a second render at once: in
  // the task that first draws the dashboard, for a dialog most couples never see again.
  it('adds nothing to the page until it first opens, then stays while it closes', async () => {
    const props = { profile: placeholder, saving: false, onSave: () => {} };
    const modalRoots = () => document.body.querySelectorAll('.mantine-Modal-root').length;
    const view = renderWithProviders(<OnboardingModal opened={false} {...props} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(modalRoots()).toBe(0);
    view.rerender(<OnboardingModal opened {...props} />);
    expect(await screen.findByRole('dialog', { name: 'Welcome to your 52-week journey!' })).toBeInTheDocument();
    view.rerender(<OnboardingModal opened={false} {...props} />);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(modalRoots()).toBe(1);
  });

  // The dialog takes the focus into its first field just after the page's first commit: a render
  // there ran in that task with React's effects of the whole page (a new buyer's longest task).
  it('renders nothing again when a field takes the focus', async () => {
    const commits = vi.fn();
    renderWithProviders(
      <Profiler id="dialog" onRender={commits}>
        <OnboardingModal opened profile={placeholder} saving={false} onSave={() => {}} />
      </Profiler>,
    );
    const yourName = await screen.findByRole('textbox', { name: /Your name/ });
    await waitFor(() => expect(yourName).toHaveFocus());
    const partner = screen.getByRole('textbox', { name: /Your partner's name/ });
    const before = commits.mock.calls.length;
    act(() => partner.focus());
    act(() => yourName.focus());
    expect(partner).not.toHaveFocus();
    expect(commits.mock.calls.length).toBe(before);
  });

  it('cannot be closed: no close button, Escape and clicks outside do nothing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<OnboardingModal opened profile={placeholder} saving={false} onSave={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to your 52-week journey!' });
    expect(screen.queryByRole('button', { name: /close/i })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();
  });

  it('starts without the placeholder names, and asks for the one missing before it saves', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    renderWithProviders(<OnboardingModal opened profile={placeholder} saving={false} onSave={onSave} />);
    const yourName = await screen.findByRole('textbox', { name: /Your name/ });
    const partner = screen.getByRole('textbox', { name: /Your partner's name/ });
    // Never disabled, so Tab reaches it and a screen reader finds it (the pass of 2026-11-28).
    const start = screen.getByRole('button', { name: 'Start Our Journey' });
    expect(yourName).toHaveValue('');
    expect(partner).toHaveValue('');
    expect(start).toBeEnabled();

    await user.type(yourName, '  Maya ');
    await user.type(partner, '   ');
    await user.click(start);
    // The partner's name is missing: the focus goes to it, where its message is read out.
    await waitFor(() => expect(partner).toHaveFocus());
    expect(partner).toHaveAttribute('aria-invalid', 'true');
    expect(partner).toHaveAccessibleDescription(/.+/);
    expect(onSave).not.toHaveBeenCalled();

    await user.clear(partner);
    await user.type(partner, 'Noah');
    await user.click(start);
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({ userDisplayName: 'Maya', partnerName: 'Noah', weddingDate: null }),
    );
  });

  // QA walk: 9999-12-31 was saved as the wedding date ("Profile updated").
  it('says a wedding date too far ahead or back cannot be right, and saves none', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    renderWithProviders(<OnboardingModal opened profile={placeholder} saving={false} onSave={onSave} />);
    await user.type(await screen.findByRole('textbox', { name: /Your name/ }), 'Maya');
    await user.type(screen.getByRole('textbox', { name: /Your partner's name/ }), 'Noah');
    const date = screen.getByLabelText(/Wedding date/);
    await user.type(date, '9999-12-31');
    await user.click(screen.getByRole('button', { name: 'Start Our Journey' }));
    expect(
      await screen.findByText('Choose a wedding date within the next 10 years, or leave it empty'),
    ).toBeInTheDocument();
    await user.clear(date);
    await user.type(date, '1800-05-01');
    await user.click(screen.getByRole('button', { name: 'Start Our Journey' }));
    expect(
      await screen.findByText('Choose a wedding date within the last 100 years, or leave it empty'),
    ).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    // A date some years back (a couple married a while ago) and one a year ahead are both fine.
    const nextYear = `${new Date().getUTCFullYear() + 1}-06-12`;
    await user.clear(date);
    await user.type(date, nextYear);
    await user.click(screen.getByRole('button', { name: 'Start Our Journey' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({ userDisplayName: 'Maya', partnerName: 'Noah', weddingDate: nextYear }),
    );
  });

  it('says it in Spanish on a Spanish page', async () => {
    i18n.activate('es');
    const user = userEvent.setup();
    renderWithProviders(<OnboardingModal opened profile={placeholder} saving={false} onSave={() => {}} />);
    await user.type(await screen.findByRole('textbox', { name: /Tu nombre/ }), 'Maya');
    await user.type(screen.getByRole('textbox', { name: /El nombre de tu pareja/ }), 'Noah');
    await user.type(screen.getByLabelText(/Fecha de la boda/), '9999-12-31');
    await user.click(screen.getByRole('button', { name: 'Comenzar nuestro camino' }));
    expect(
      await screen.findByText(
        'La fecha de la boda tiene que estar dentro de los próximos 10 años, o el campo puede quedar vacío',
      ),
    ).toBeInTheDocument();
  });

  it('keeps real names the couple already has', async () => {
    renderWithProviders(
      <OnboardingModal
        opened
        profile={{ userDisplayName: 'Maya', partnerName: '', weddingDate: '2027-05-01' }}
        saving={false}
        onSave={() => {}}
      />,
    );
    expect(await screen.findByRole('textbox', { name: /Your name/ })).toHaveValue('Maya');
    expect(screen.getByLabelText(/Wedding date/)).toHaveValue('2027-05-01');
  });

  it("starts from the buyer's first name on the order when the profile has no name yet", async () => {
    renderWithProviders(
      <OnboardingModal
        opened
        profile={{ userDisplayName: '', partnerName: '', weddingDate: null, buyerFirstName: 'Ana' }}
        saving={false}
        onSave={() => {}}
      />,
    );
    expect(await screen.findByRole('textbox', { name: /Your name/ })).toHaveValue('Ana');
    expect(screen.getByRole('textbox', { name: /Your partner's name/ })).toHaveValue('');
  });
});
