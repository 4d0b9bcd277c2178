import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropFocusFromDisabledControls } from '../../test/focus-fixup';
import { renderApp, renderRoute } from '../../test/render';
import { stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { AcceptFacilitatorInvite } from './accept-invite';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AcceptFacilitatorInvite', { timeout: 20_000 }, () => {
  // QA walk (issue 35): the button is disabled while its request runs, and the browser dropped the
  // keyboard focus to the top of the page.
  it('keeps the focus on Set password when the password is refused, and reads the refusal out', async () => {
    stubTrpcFetch({
      'facilitator.previewInvite': () => ({ data: { name: 'Pastor Ana', email: 'ana@example.com' } }),
      'facilitator.acceptInvite': () => ({
        error: { message: 'The password was not saved. Please try again.', httpStatus: 500 },
      }),
    });
    dropFocusFromDisabledControls();
    renderRoute(() => <AcceptFacilitatorInvite token="invite-token-0123456789" />);
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^New password/), 'a long facilitator password');
    const submit = screen.getByRole('button', { name: 'Set password and open my area' });
    submit.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('The password was not saved. Please try again.');
    await waitFor(() => expect(document.activeElement).toBe(submit));
  });

  // Screen-reader pass (docs/accessibility.md): Mantine's password field never said it was invalid.
  it('marks a refused password invalid, with its message, and names the show-password button', async () => {
    stubTrpcFetch({
      'facilitator.previewInvite': () => ({ data: { name: 'Pastor Ana', email: 'ana@example.com' } }),
    });
    renderRoute(() => <AcceptFacilitatorInvite token="invite-token-0123456789" />);
    const user = userEvent.setup({ delay: null });
    const field = await screen.findByLabelText(/^New password/);
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
    await user.type(field, 'short');
    await user.click(screen.getByRole('button', { name: 'Set password and open my area' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('button', { name: 'Show or hide the password', hidden: true })).toBeInTheDocument();
  });

  // Decision 0367: the token rides in the link's fragment (`?token=` in emails sent before); the
  // page takes it out of the address at once and sends it in a request's body.
  it.each([
    ['the fragment', '/facilitator#token=invite-token-0123456789'],
    ['the query of an older email', '/facilitator?token=invite-token-0123456789'],
  ])('reads the invitation from %s, takes it out of the address, and asks with a POST', async (_form, link) => {
    const stub = stubTrpcFetch({
      'auth.check': () => ({ data: { authenticated: false, isAdmin: false, role: null, userId: null } }),
      'facilitator.previewInvite': () => ({ data: { name: 'Pastor Ana', email: 'ana@example.com' } }),
    });
    const { router } = renderApp(link);
    expect(await screen.findByRole('heading', { name: /Pastor Ana/ })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.publicHref).toBe('/facilitator'));
    expect(stub.calls.find((call) => call.path === 'facilitator.previewInvite')?.input).toEqual({
      token: 'invite-token-0123456789',
    });
    const asked = stub.fetch.mock.calls.filter(([url]) => String(url).includes('facilitator.previewInvite'));
    expect(asked.map(([url, init]) => [(init as RequestInit).method, String(url).includes('invite-token')])).toEqual([
      ['POST', false],
    ]);
  });
});
