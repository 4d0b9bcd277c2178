import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { registerCouple, signInAdmin } from './support/auth';
import { completeOnboarding } from './support/onboarding';

/**
 * axe on every page of the app (docs/benchmarks.md), signed out, as a couple and as the admin: any
 * violation, whatever its impact, fails. Each test opens its own browser context (as
 * @axe-core/playwright's docs do) and its own accounts; the demo account is not touched.
 */

async function expectNoViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const violations = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(violations, `axe on ${label}`).toEqual([]);
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

const SIGNED_OUT_PAGES: { path: string; heading: string | RegExp; ready?: (page: Page) => Promise<void> }[] = [
  {
    path: '/',
    heading: 'Prepare for a lifetime together, one week at a time',
    ready: async (page) => {
      // The forms load as their own chunks, the demo-only button after the config: wait for all.
      await expect(page.getByRole('form', { name: 'Order the workbook' })).toBeAttached();
      await expect(page.getByRole('form', { name: 'Contact us' })).toBeAttached();
      await expect(page.getByRole('button', { name: 'Instant Login (Dev)' })).toBeVisible();
    },
  },
  { path: '/checkout?email=ana%40example.com&firstName=Ana&lastName=Lima', heading: 'Payment Setup Required' },
  { path: '/success?payment_intent=pi_demoCompleted0001', heading: /./ },
  { path: '/success?payment_intent=pi_demoPending00001', heading: /./ },
  { path: '/success?payment_intent=pi_doesNotExist123', heading: /./ },
  { path: '/success', heading: /./ },
  { path: '/login', heading: /./ },
  { path: '/register', heading: /./ },
  { path: '/admin-login', heading: /./ },
  { path: '/customer-login', heading: /./ },
  { path: '/no-such-page', heading: 'Page not found' },
  // A certificate check for a code never issued (docs/certificates.md).
  { path: '/verify/AAAA-AAAA-AAAA-AAAA-AAAA-AAAA', heading: 'Certificate check' },
];

test.describe('axe, signed out', () => {
  for (const { path, heading, ready } of SIGNED_OUT_PAGES) {
    test(`${path} has no accessibility violations`, async ({ browser }) => {
      const page = await newPage(browser);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await ready?.(page);
      await expectNoViolations(page, path);
      await page.context().close();
    });
  }
});

test('axe, as a couple: the welcome dialog and every dashboard tab', async ({ browser }) => {
  // A full-cost sign-up plus five axe scans: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const page = await newPage(browser);
  await registerCouple(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('dialog', { name: 'Welcome to your 52-week journey!' })).toBeVisible({ timeout: 15_000 });
  await expectNoViolations(page, '/dashboard welcome dialog');
  await completeOnboarding(page, { you: 'Ana', partner: 'Ben' });
  for (const tab of ['Progress', 'Current', 'Wins', 'Profile']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
    // Let the panel's queries settle (skeletons gone) before checking.
    await expect(page.locator('[role="tabpanel"] [aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
    await expectNoViolations(page, `/dashboard ${tab} tab`);
  }
  await page.context().close();
});

test('axe, as the admin: /admin', async ({ browser }) => {
  const page = await newPage(browser);
  await signInAdmin(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoViolations(page, '/admin');
  await page.context().close();
});

test('axe, as the admin: /admin/certificates', async ({ browser }) => {
  const page = await newPage(browser);
  await signInAdmin(page);
  await page.goto('/admin/certificates');
  await expect(page.getByRole('heading', { level: 1, name: 'Certificates' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoViolations(page, '/admin/certificates');
  await page.context().close();
});
