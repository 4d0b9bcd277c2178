import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import { stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { ANONYMOUS_CHECK, COUPLE_CHECK, PUBLIC_CONFIG } from './test-support';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const SEAT = 'SEAT-AAAAA-BBBBB-CCCCC-DDDDD';
/** The seat link as the app writes it now (decision 0367), and as emails sent before did. */
const SEAT_LINK = `/mentor#code=${SEAT}`;
const OLD_SEAT_LINK = `/mentor?code=${SEAT}`;
/** Where the sign-in returns to: the page, its code kept in the tab, in no address. */
const BACK_TO_SEAT = '/mentor';

/** The server of a couple who are signed out until `signIn()`, with Pastor Ana's seat code waiting. */
function stubServer(extra: Parameters<typeof stubTrpcFetch>[0] = {}) {
  const state = { signedIn: false };
  const server = stubTrpcFetch({
    'auth.check': () => ({ data: state.signedIn ? COUPLE_CHECK : ANONYMOUS_CHECK }),
    'auth.session': () =>
      state.signedIn
        ? { data: { customerId: COUPLE_CHECK.userId } }
        : { error: { httpStatus: 401, message: 'Please sign in to continue.' } },
    'publicConfig.get': () => ({ data: PUBLIC_CONFIG }),
    'mentor.get': () => ({ data: { link: null, sharedWeeks: [], seats: [] } }),
    'mentor.preview': () => ({
      data: {
        kind: 'seat',
        facilitatorName: 'Pastor Ana',
        facilitatorKind: 'pastor',
        organisation: 'St. Mary Parish',
        cohortName: 'Spring 2027',
        seat: 'available',
        seatsLeft: 3,
      },
    }),
    ...extra,
  });
  return { server, state };
}

/** The `next` a link carries, decoded. */
const nextOf = (link: HTMLElement) =>
  new URL(link.getAttribute('href') ?? '', 'https://x.invalid').searchParams.get('next');

// QA walk: the seat link's "Sign in" and "Create an account" went to /customer-login and /register
// and the couple landed on the dashboard, without their code.
describe('a seat link opened while signed out', { timeout: 30_000 }, () => {
  it('signs in with a code and comes back to the seat link', async () => {
    const { state, server } = stubServer({
      'auth.customerLogin': () => {
        state.signedIn = true;
        return { data: { success: true, message: 'Login successful' } };
      },
      'mentor.link': () => ({ data: { link: null, sharedWeeks: [], seats: [] } }),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp(SEAT_LINK);
    const main = await screen.findByRole('main');
    // The code leaves the address at once, and is still the page's.
    await waitFor(() => expect(router.state.location.href).toBe('/mentor'));
    expect(within(main).getByText(SEAT, { exact: false })).toBeInTheDocument();
    const signIn = await within(main).findByRole('link', { name: 'Sign in' });
    expect(nextOf(signIn)).toBe(BACK_TO_SEAT);
    expect(nextOf(within(main).getByRole('link', { name: 'Create an account' }))).toBe(BACK_TO_SEAT);
    await user.click(signIn);
    await user.type(await screen.findByLabelText(/^Email/), 'robin@example.com');
    await user.type(screen.getByLabelText(/^Access code/), 'ABCD-EFGH-JKMN');
    // Another way in keeps the way back.
    expect(nextOf(screen.getByRole('link', { name: 'Create an account' }))).toBe(BACK_TO_SEAT);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByRole('heading', { name: 'Link with Pastor Ana?' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.href).toBe('/mentor');
    // The code went to the server in a request's body, never in its address.
    const previews = server.fetch.mock.calls.filter(([url]) => String(url).includes('mentor.preview'));
    expect(previews.length).toBeGreaterThan(0);
    for (const [url, init] of previews) {
      expect((init as RequestInit).method).toBe('POST');
      expect(String(url)).not.toContain(SEAT);
      expect(String((init as RequestInit).body)).toContain(SEAT);
    }
    // Linked (and here unlinked again at once), the page has no code any more: the one kept in the
    // tab while signing in does not bring the consent step back.
    await user.click(screen.getByRole('button', { name: 'Link us' }));
    expect(await screen.findByRole('form', { name: 'Your facilitator’s code' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Link with Pastor Ana?' })).not.toBeInTheDocument();
  });

  it('creates an account and comes back to the seat link', async () => {
    const { state } = stubServer({
      'auth.register': () => {
        state.signedIn = true;
        return { data: { success: true, message: 'Registered' } };
      },
    });
    const user = userEvent.setup({ delay: null });
    // A link sent before decision 0367: the query form is read, and leaves the address too.
    const { router } = renderApp(OLD_SEAT_LINK);
    await waitFor(() => expect(router.state.location.href).toBe('/mentor'));
    await user.click(await within(await screen.findByRole('main')).findByRole('link', { name: 'Create an account' }));
    await user.type(await screen.findByLabelText(/^Username/), 'robin_casey');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'long-enough-words');
    await user.type(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), 'long-enough-words');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByRole('heading', { name: 'Link with Pastor Ana?' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  // The e2e walk: a couple saw the sign-in step (the code kept in the tab), signed in elsewhere
  // and reloaded; once linked, the kept code brought the consent step back.
  it('forgets the code kept in the tab once the page has its code, so linking ends the consent step', async () => {
    sessionStorage.setItem('vw_mentor_code', SEAT);
    const { state } = stubServer({ 'mentor.link': () => ({ data: { link: null, sharedWeeks: [], seats: [] } }) });
    state.signedIn = true;
    const user = userEvent.setup({ delay: null });
    renderApp(SEAT_LINK);
    await user.click(await screen.findByRole('button', { name: 'Link us' }));
    expect(await screen.findByRole('form', { name: 'Your facilitator’s code' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Link with Pastor Ana?' })).not.toBeInTheDocument();
  });

  it('comes back to the code from a sign-in page opened before the code left the address', async () => {
    const { state } = stubServer({
      'auth.customerLogin': () => {
        state.signedIn = true;
        return { data: { success: true, message: 'Login successful' } };
      },
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp(`/customer-login?next=${encodeURIComponent(OLD_SEAT_LINK)}`);
    await user.type(await screen.findByLabelText(/^Email/), 'robin@example.com');
    await user.type(screen.getByLabelText(/^Access code/), 'ABCD-EFGH-JKMN');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByRole('heading', { name: 'Link with Pastor Ana?' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.href).toBe('/mentor'));
  });

  it.each(['https://evil.example/mentor', '//evil.example/mentor', '/\\evil.example'])(
    'follows no other site: ?next=%s is dropped from every way in',
    async (next) => {
      stubServer();
      renderApp(`/customer-login?next=${encodeURIComponent(next)}`);
      const register = await screen.findByRole('link', { name: 'Create an account' });
      await waitFor(() => expect(register).toHaveAttribute('href', '/register'));
    },
  );
});
