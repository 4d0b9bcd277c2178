import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHASES } from '../../../shared/constants';
import { advertisedPrice, withAdvertisedPrice } from '../../../shared/money';
import { renderApp, renderRoute } from '../../test/render';
import { stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { theme } from '../../theme';
import { LandingPage } from './landing-page';
import { i18n } from '../../i18n/i18n';

type User = ReturnType<typeof userEvent.setup>;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function renderLanding() {
  renderApp('/');
  await screen.findByRole('heading', { level: 1, name: /prepare for a lifetime together/i });
}

async function enter(user: User, form: HTMLElement, name: RegExp, text: string) {
  await user.click(within(form).getByRole('textbox', { name }));
  await user.paste(text);
}

describe('the landing page', { timeout: 20_000 }, () => {
  it('shows the four curriculum phases with five topics each', async () => {
    await renderLanding();
    for (const phase of PHASES) {
      const card = screen.getByRole('article', { name: phase.name });
      expect(within(card).getByText(`Weeks ${phase.firstWeek}-${phase.lastWeek}`)).toBeInTheDocument();
      expect(within(card).getAllByRole('listitem')).toHaveLength(5);
    }
  });

  it('has the sections the navigation scrolls to, testimonials with ratings and the FAQ', async () => {
    await renderLanding();
    for (const id of ['course', 'curriculum', 'testimonials', 'pricing', 'contact']) {
      expect(document.getElementById(id)).not.toBeNull();
    }
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Reviews' })).toHaveAttribute('href', '#testimonials');
    expect(within(main).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(within(main).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    expect(screen.getAllByRole('img', { name: /^Rated [1-5] out of 5$/ }).length).toBeGreaterThanOrEqual(3);
    expect(screen.getByText('How long does the course take?')).toBeInTheDocument();
    expect(screen.getByText('Is it suitable for engaged couples?')).toBeInTheDocument();
    expect(screen.getByText('What format is the workbook?')).toBeInTheDocument();
  });

  it('scrolls smoothly to a section and focuses its heading', async () => {
    const scroll = vi.spyOn(window.HTMLElement.prototype, 'scrollIntoView');
    const user = userEvent.setup({ delay: null });
    await renderLanding();
    await user.click(screen.getByRole('link', { name: 'Get Your Workbook Today' }));
    expect(scroll).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(scroll.mock.contexts[0]).toBe(document.getElementById('pricing'));
    expect(screen.getByRole('heading', { level: 2, name: 'One price for the whole year' })).toHaveFocus();
  });

  it('opens the mobile menu, offers Login, and closes it after a section is chosen', async () => {
    const scroll = vi.spyOn(window.HTMLElement.prototype, 'scrollIntoView');
    const user = userEvent.setup({ delay: null });
    await renderLanding();
    const burger = screen.getByRole('button', { name: 'Open menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(burger).toHaveAttribute('aria-controls', 'landing-mobile-menu');
    expect(document.getElementById('landing-mobile-menu')).not.toBeVisible();

    await user.click(burger);
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(menu).toBeVisible();
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/customer-login');

    await user.click(within(menu).getByRole('link', { name: 'Curriculum' }));
    expect(menu).not.toBeVisible();
    expect(scroll.mock.contexts.at(-1)).toBe(document.getElementById('curriculum'));

    // It toggles, and Escape closes it and returns focus to the button.
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(menu).not.toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.keyboard('{Escape}');
    expect(menu).not.toBeVisible();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });

  it("fills in a signed-in trial couple's email and first name from the address, leaving the last name", async () => {
    renderApp('/?email=ana%40example.com&firstName=Ana');
    const form = await screen.findByRole('form', { name: 'Order the workbook' });
    await waitFor(() => expect(within(form).getByRole('textbox', { name: /first name/i })).toHaveValue('Ana'));
    expect(within(form).getByRole('textbox', { name: /email/i })).toHaveValue('ana@example.com');
    expect(within(form).getByRole('textbox', { name: /last name/i })).toHaveValue('');
  });

  it('asks for every pricing field, then for a valid email, then goes to checkout', async () => {
    const user = userEvent.setup({ delay: null });
    await renderLanding();
    const form = await screen.findByRole('form', { name: 'Order the workbook' });
    const submit = within(form).getByRole('button', { name: 'Continue to Checkout' });

    await enter(user, form, /first name/i, 'Ana');
    await user.click(submit);
    expect(await screen.findByText('Information Required')).toBeInTheDocument();
    expect(screen.getByText('Please fill in all fields to continue to checkout.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /last name/i })).toHaveAttribute('aria-invalid', 'true');
    // QA walk: the focus stayed on the button; the first field to fix now gets it, as on /gift.
    expect(within(form).getByRole('textbox', { name: /last name/i })).toHaveFocus();

    await enter(user, form, /last name/i, 'Lima');
    await enter(user, form, /email/i, 'ana-at-example');
    await user.click(submit);
    // The new toast replaces the shown one at once (one at a time,
    // docs/product.md#business-constants).
    expect(await screen.findByText('Invalid Email')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /email/i })).toHaveFocus();
    await waitFor(() => expect(screen.queryByText('Information Required')).not.toBeInTheDocument());

    await user.clear(within(form).getByRole('textbox', { name: /email/i }));
    await enter(user, form, /email/i, 'ana@example.com');
    await user.click(submit);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Setup Required' })).toBeInTheDocument();
    expect(screen.getByText('ana@example.com')).toBeInTheDocument();
  });

  it('links Admin and shows the placeholder links as unavailable buttons', async () => {
    await renderLanding();
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    // QA walk: it led to /admin, whose guard sends a signed-out visitor to the couples' /login.
    expect(within(footer).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin-login');
    for (const label of ['FAQ', 'Refund Policy', 'Privacy Policy', 'Terms of Service']) {
      const placeholder = within(footer).getByRole('button', { name: new RegExp(`^${label} ?\\(coming soon\\)$`) });
      expect(placeholder).toHaveAttribute('aria-disabled', 'true');
    }
    // Admin, and first the help link every page's footer starts with (WCAG 3.2.6, decision 0276).
    const links = within(footer).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Help and contact', 'Admin']);
    expect(links[0]).toHaveAttribute('href', '/#contact');
  });

  it('offers the instant login in the footer only when the server says demo mode is on', async () => {
    const demoConfig = {
      demoMode: true,
      trialAccessCode: 'TRY-52-WEEKS',
      demoEmail: 'demo@example.com',
      demoAccessCode: 'DEMO-2026',
      trialWeeks: 4,
      cardPayments: false,
      priceCents: 4900,
      currency: 'usd',
      advertisedPrice: { price: '$49', perWeek: 'less than $1 a week' },
    };
    stubTrpcFetch({ 'publicConfig.get': () => ({ data: demoConfig }) });
    await renderLanding();
    expect(await screen.findByRole('button', { name: 'Instant Login (Dev)' })).toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it('has no instant login without demo mode', async () => {
    const stub = stubTrpcFetch({
      'publicConfig.get': () => ({
        data: { demoMode: false, trialAccessCode: null, demoEmail: null, demoAccessCode: null, trialWeeks: 4 },
      }),
    });
    await renderLanding();
    await waitFor(() => expect(stub.calls.map((call) => call.path)).toContain('publicConfig.get'));
    expect(screen.queryByRole('button', { name: 'Instant Login (Dev)' })).not.toBeInTheDocument();
  });

  it('renders the footer actions it is given', async () => {
    renderRoute(() => (
      <LandingPage
        contactForm={<p>Contact form here</p>}
        footerActions={<button type="button">Instant Login (Dev)</button>}
      />
    ));
    expect(await screen.findByRole('button', { name: 'Instant Login (Dev)' })).toBeInTheDocument();
    expect(screen.getByText('Contact form here')).toBeInTheDocument();
  });
});

describe('/checkout', { timeout: 20_000 }, () => {
  it.each([
    '/checkout',
    '/checkout?email=ana%40example.com&firstName=Ana',
    '/checkout?email=&firstName=Ana&lastName=Lima',
  ])('returns %s to the landing page', async (path) => {
    renderApp(path);
    expect(
      await screen.findByRole('heading', { level: 1, name: /prepare for a lifetime together/i }),
    ).toBeInTheDocument();
  });

  it('shows Payment Setup Required with a way back when all three are present', async () => {
    renderApp('/checkout?email=ana%40example.com&firstName=Ana&lastName=Lima');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Setup Required' })).toBeInTheDocument();
    expect(screen.getByText(/Thank you, Ana!/)).toHaveTextContent('for Ana Lima, at ana@example.com');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Return to Course Page' })).toHaveAttribute('href', '/'),
    );
  });
});

describe('the advertised price', () => {
  const eur = { priceCents: 3900, currency: 'eur' };

  /** The page as the build prerenders it (scripts/prerender-entry.tsx), at this price. */
  async function renderHtml(price?: ReturnType<typeof advertisedPrice>) {
    const rootRoute = createRootRoute({ component: () => <LandingPage contactForm={null} price={price} /> });
    const router = createRouter({
      routeTree: rootRoute,
      history: createMemoryHistory({ initialEntries: ['/'] }),
      scrollRestoration: false,
    });
    await router.load();
    return renderToString(
      <MantineProvider theme={theme}>
        <I18nProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nProvider>
      </MantineProvider>,
    );
  }

  it('is the configured price and currency, in the hero and on the pricing card', async () => {
    renderRoute(() => <LandingPage contactForm={null} price={advertisedPrice(eur.priceCents, eur.currency)} />);
    expect(await screen.findByText('€39 once, yours to keep: less than €1 a week')).toBeInTheDocument();
    const pricing = document.getElementById('pricing')!;
    expect(within(pricing).getByText('€39')).toBeInTheDocument();
    expect(within(pricing).getByText('Less than €1 a week for a year of growing together.')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('$');
  });

  it('the server swaps into the prerendered page exactly what the app renders for it (no hydration mismatch)', async () => {
    const prerendered = await renderHtml();
    expect(prerendered).toContain('$49');
    const configured = await renderHtml(advertisedPrice(eur.priceCents, eur.currency));
    expect(withAdvertisedPrice(prerendered, advertisedPrice(eur.priceCents, eur.currency))).toBe(configured);
    expect(withAdvertisedPrice(prerendered, advertisedPrice(4900, 'usd'))).toBe(prerendered);
  });

  it('the same holds for the Spanish page', async () => {
    i18n.activate('es');
    const prerendered = await renderHtml();
    expect(prerendered).toContain('$49 en un solo pago');
    const texts = advertisedPrice(eur.priceCents, eur.currency);
    expect(withAdvertisedPrice(prerendered, texts)).toBe(await renderHtml(texts));
  });
});

describe('in Spanish', () => {
  it('every text of the page is Spanish, and the switch goes back to English', async () => {
    i18n.activate('es');
    renderRoute(() => <LandingPage contactForm={null} />);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Prepárense para toda una vida juntos, una semana a la vez',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Lo que dicen las parejas' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Español' })[0]).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByRole('button', { name: 'English' })[0]).toHaveAttribute('lang', 'en');
    await userEvent.click(screen.getAllByRole('button', { name: 'English' })[0]!);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Prepare for a lifetime together, one week at a time' }),
    ).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(document.cookie).toContain('vw_locale=en');
  });
});
