import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import { stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { ADMIN_CHECK, ANONYMOUS_CHECK } from './test-support';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PENDING = {
  success: false,
  secondFactorRequired: true,
  pendingToken: 'pending-1',
  message: 'Enter the 6-digit code from your authenticator app.',
};

async function passwordStep(user: ReturnType<typeof userEvent.setup>) {
  renderApp('/admin-login');
  await screen.findByRole('heading', { level: 1, name: 'Admin sign in' });
  await user.type(screen.getByLabelText(/^Username/), 'admin');
  await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'right-one');
  await user.click(screen.getByRole('button', { name: 'Sign in as administrator' }));
}

describe('/admin-login with two-factor sign-in on', () => {
  it('asks for the code after the password; a wrong code is shown under the field; the right one signs in', async () => {
    let signedIn = false;
    const server = stubTrpcFetch({
      'auth.check': () => ({ data: signedIn ? ADMIN_CHECK : ANONYMOUS_CHECK }),
      'auth.adminLogin': () => ({ data: PENDING }),
      'auth.adminSecondFactor': (input) => {
        if ((input as { code: string }).code !== '123456')
          return { error: { httpStatus: 401, message: 'Invalid code' } };
        signedIn = true;
        return { data: { success: true } };
      },
      'frameworks.list': () => ({ data: [] }),
    });
    const user = userEvent.setup();
    await passwordStep(user);
    const field = await screen.findByLabelText(/^Authentication code/);
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('Invalid code')).toBeInTheDocument();
    expect(signedIn).toBe(false);
    await user.clear(field);
    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeInTheDocument();
    expect(server.calls.filter((call) => call.path === 'auth.adminSecondFactor').map((call) => call.input)).toEqual([
      { pendingToken: 'pending-1', code: '000000' },
      { pendingToken: 'pending-1', code: '123456' },
    ]);
  });

  it('goes back to the password when the pending sign-in expired', async () => {
    stubTrpcFetch({
      'auth.check': () => ({ data: ANONYMOUS_CHECK }),
      'auth.adminLogin': () => ({ data: PENDING }),
      'auth.adminSecondFactor': () => ({
        error: { httpStatus: 401, message: 'Your sign-in has expired. Please enter your password again.' },
      }),
    });
    const user = userEvent.setup();
    await passwordStep(user);
    await user.type(await screen.findByLabelText(/^Authentication code/), 'ABCDE-FGHJK');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('button', { name: 'Sign in as administrator' })).toBeInTheDocument();
    expect(await screen.findByText(/Your sign-in has expired/)).toBeInTheDocument();
  });
});
