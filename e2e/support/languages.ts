import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';

/**
 * Helpers for walking the app in one language (e2e/every-page.spec.ts, e2e/wcag22.spec.ts): a browser
 * context that starts in that language as the app sets it (the `vw_locale` cookie, as the language
 * switch writes it, and the browser's own language), the list of pages, and the checks.
 */
export type Lang = 'en' | 'es';

export async function contextIn(browser: Browser, lang: Lang, viewport = { width: 1280, height: 800 }) {
  // Reduced motion: a control is measured where it stays, not halfway through a transition.
  const context = await browser.newContext({
    locale: lang === 'es' ? 'es-MX' : 'en-US',
    viewport,
    reducedMotion: 'reduce',
  });
  await chooseLanguageCookie(context, lang);
  return context;
}

/**
 * The language cookie alone, as a visitor's choice: a sign-in sets it to the account's language
 * (decision 0309), and a walk that keeps a shared account's language as it is sets it back.
 */
export async function chooseLanguageCookie(context: BrowserContext, lang: Lang): Promise<void> {
  await context.addCookies([{ name: 'vw_locale', value: lang, url: `http://127.0.0.1:${process.env.E2E_PORT}` }]);
}

/**
 * Collects console errors and page errors (a test fails on an unexpected console.error). The
 * browser's own line for a 404 answer is expected only where `expectNotFound()` says so.
 */
export function watchConsole(page: Page): string[] & { allowNotFound: boolean } {
  const problems = Object.assign([] as string[], { allowNotFound: false });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // A signed-out visitor's session check (401) and a lookup of something unknown (404).
    if (problems.allowNotFound && /Failed to load resource: .* (401|404)/.test(message.text())) return;
    problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** A page settled: the app has taken over (no prerendered frame), nothing busy, fonts in. */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('[data-prerendered-frame]')).toHaveCount(0);
  // A hidden panel may stay busy until it is shown (the content editor's other language on a phone).
  await expect(page.locator('[aria-busy="true"]:visible')).toHaveCount(0);
  await expect(page.locator('h1').first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
}

export interface WalkedPage {
  /** The address in English; the Spanish walk opens the Spanish address when the page has one. */
  path: string;
  label: string;
  /** The page asks the server for something that does not exist (404), which the browser logs. */
  notFound?: boolean;
  /** The dashboard's tabs are opened by clicking, as a couple does. */
  tab?: { en: string; es: string };
  /** What else the page loads before it is whole (beyond `settled`). */
  ready?: (page: Page) => Promise<void>;
  /** The page's own main heading (its first h1), where the page is not a tab or a list of the seller's. */
  heading?: { en: string; es: string };
}

/** Every page a visitor can open without signing in (the seller's pages are walked once published). */
export const PUBLIC_PAGES: WalkedPage[] = [
  {
    path: '/',
    label: 'landing',
    heading: {
      en: 'Prepare for a lifetime together, one week at a time',
      es: 'Prepárense para toda una vida juntos, una semana a la vez',
    },
    // The order and contact forms load as chunks of their own, the demo-only button after the config.
    ready: async (page) => {
      await expect(page.locator('form')).toHaveCount(2);
      await expect(page.locator('footer').getByRole('button', { name: /\((Dev|desarrollo)\)$/ })).toBeVisible();
    },
  },
  {
    path: '/checkout?email=ana%40example.com&firstName=Ana&lastName=Lima',
    label: 'checkout',
    heading: { en: 'Payment Setup Required', es: 'Pagos en configuración' },
  },
  { path: '/success?payment_intent=pi_demoCompleted0001', label: 'success (completed)' },
  { path: '/success?payment_intent=pi_demoPending00001', label: 'success (pending)' },
  { path: '/success?payment_intent=pi_doesNotExist123', label: 'success (unknown)', notFound: true },
  { path: '/success', label: 'success (no order)', notFound: true },
  { path: '/gift', label: 'gift form', notFound: true },
  // A receipt link's token rides after `#` (decision 0367); one of the right shape that no gift has.
  { path: `/gift/sent#token=${'N'.repeat(32)}`, label: 'gift receipt (unknown)', notFound: true },
  { path: '/redeem', label: 'redeem a gift' },
  { path: '/login', label: 'couple sign-in' },
  { path: '/register', label: 'register' },
  { path: '/customer-login', label: 'code sign-in' },
  { path: '/admin-login', label: 'admin sign-in' },
  // An invite's code rides after `#` (decision 0370); the path of a link made before still opens it.
  { path: '/invite#code=NO-SUCH-INVITE', label: 'partner invite (unknown)', notFound: true },
  { path: '/invite/NO-SUCH-INVITE', label: 'partner invite (unknown, older link)', notFound: true },
  {
    path: '/verify',
    label: 'certificate check (type the code)',
    heading: { en: 'Check a certificate', es: 'Comprobar un certificado' },
  },
  {
    path: '/verify/AAAA-AAAA-AAAA-AAAA-AAAA-AAAA',
    label: 'certificate check',
    notFound: true,
    heading: { en: 'Certificate check', es: 'Comprobación del certificado' },
  },
  // The facilitators' and mentors' area, signed out: its sign-in form.
  {
    path: '/facilitator',
    label: 'facilitator sign-in',
    heading: { en: 'Facilitator sign-in', es: 'Acceso para personas facilitadoras' },
  },
  {
    path: '/no-such-page',
    label: '404',
    notFound: true,
    heading: { en: 'Page not found', es: 'No encontramos esta página' },
  },
];

/** The couple's pages: the dashboard's four tabs, "What we each expect" and the mentor link. */
export const COUPLE_PAGES: WalkedPage[] = [
  { path: '/dashboard', label: 'dashboard: progress', tab: { en: 'Progress', es: 'Progreso' } },
  { path: '/dashboard', label: 'dashboard: current week', tab: { en: 'Current', es: 'Semana actual' } },
  { path: '/dashboard', label: 'dashboard: wins', tab: { en: 'Wins', es: 'Logros' } },
  { path: '/dashboard', label: 'dashboard: profile', tab: { en: 'Profile', es: 'Perfil' } },
  { path: '/expectations', label: 'what we each expect' },
  // A couple with no mentor yet: the form for the code their parish or mentors gave them.
  { path: '/mentor', label: 'mentor link (no mentor yet)', heading: { en: 'Your mentor', es: 'Su acompañamiento' } },
];

/** The back office: every section of the admin menu. */
export const ADMIN_PAGES: WalkedPage[] = [
  '/admin',
  '/admin/overview',
  '/admin/content',
  '/admin/orders',
  '/admin/couples',
  '/admin/messages',
  '/admin/outbox',
  '/admin/coupons',
  '/admin/gifts',
  '/admin/settings',
  '/admin/inventory',
  '/admin/certificates',
].map((path) => ({ path, label: path }));

/** The address a page has in a language: the public pages have `/es/...` (decision 0275). */
export function addressIn(path: string, lang: Lang): string {
  if (lang === 'en') return path;
  if (path === '/') return '/es';
  const localized = [
    '/login',
    '/register',
    '/customer-login',
    '/checkout',
    '/success',
    '/gift',
    '/gift/sent',
    '/redeem',
    '/faq',
    '/refund',
    '/privacy',
    '/terms',
  ];
  const [pathname = path] = path.split(/[?#]/);
  return localized.includes(pathname) ? `/es${path}` : path;
}

/** Opens a page (and its tab) and waits until it has settled. */
export async function openPage(page: Page, walked: WalkedPage, lang: Lang): Promise<void> {
  await page.goto(addressIn(walked.path, lang));
  if (walked.tab) {
    const tab = page.getByRole('tab', { name: walked.tab[lang] });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
  }
  await settled(page);
  if (walked.heading) await expect(page.locator('h1').first()).toHaveText(walked.heading[lang]);
  await walked.ready?.(page);
}

export async function closeContext(context: BrowserContext, problems: string[]): Promise<void> {
  await context.close();
  expect([...problems]).toEqual([]);
}

/** Keeps the language on the signed-in person's account, as the language switch does (PUT /api/locale). */
export async function keepLanguage(page: Page, lang: Lang): Promise<void> {
  const response = await page.request.put('/api/locale', { data: { locale: lang } });
  expect(response.status(), await response.text()).toBe(200);
}
