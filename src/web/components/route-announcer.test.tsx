import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/render';
import { ANONYMOUS, stubTrpcFetch } from '../test/trpc-fetch-stub';
import { ROUTE_ANNOUNCER_ID } from './route-announcer';

afterEach(() => vi.unstubAllGlobals());

const announcer = () => document.getElementById(ROUTE_ANNOUNCER_ID);

describe('RouteAnnouncer', () => {
  it('says the new page title after a change of page in the app, never the first page', {
    timeout: 20_000,
  }, async () => {
    stubTrpcFetch({ 'auth.check': () => ANONYMOUS });
    const user = userEvent.setup();
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    // A polite live region of its own, read whole.
    expect(announcer()).toHaveAttribute('aria-live', 'polite');
    expect(announcer()).toHaveAttribute('aria-atomic', 'true');
    // The first page is the browser's to name.
    expect(announcer()).toHaveTextContent(/^$/);

    // Following a link to another page.
    await user.click(await screen.findByRole('link', { name: 'Create an account' }));
    await screen.findByRole('heading', { level: 1, name: 'Create your account' });
    await waitFor(() => expect(announcer()).toHaveTextContent(/^Create your account · Vows & Weeks$/));

    // Going back.
    router.history.back();
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await waitFor(() => expect(announcer()).toHaveTextContent(/^Sign in · Vows & Weeks$/));
  });
});
