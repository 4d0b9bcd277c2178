import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { registerCouple } from './support/auth';

/**
 * axe where the walk of every page (e2e/every-page.spec.ts, which runs axe on every page in both
 * languages) does not go: the welcome dialog a new couple meets first. Any violation, whatever its
 * impact, fails.
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

test('axe, as a new couple: the welcome dialog', async ({ browser }) => {
  const page = await newPage(browser);
  await registerCouple(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('dialog', { name: 'Welcome to your 52-week journey!' })).toBeVisible();
  await expectNoViolations(page, '/dashboard welcome dialog');
  await page.context().close();
});
