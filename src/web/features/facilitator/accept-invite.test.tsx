import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropFocusFromDisabledControls } from '../../test/focus-fixup';
import { renderRoute } from '../../test/render';
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
});
