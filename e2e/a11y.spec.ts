import { expect, test } from '@playwright/test';
import { registerCouple } from './support/auth';
import { expectNoAxeViolations } from './support/axe';

/**
 * axe where the walk of every page (e2e/every-page.spec.ts, which runs axe on every page in both
 * languages) does not go: the welcome dialog a new couple meets first. Any violation, whatever its
 * impact, fails.
 */
test('axe, as a new couple: the welcome dialog', async ({ page }) => {
  await registerCouple(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('dialog', { name: 'Welcome to your 52-week journey!' })).toBeVisible();
  await expectNoAxeViolations(page, '/dashboard welcome dialog');
});
