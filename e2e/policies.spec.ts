import { expect, test } from '@playwright/test';
import { signInAdmin, signOut, uniqueSuffix } from './support/auth';
import { expectNoAxeViolations } from './support/axe';

/**
 * The seller's public pages against the real server: /refund is the 404 page until saved in
 * Settings; once saved, the footer links to it and it renders the seller's Markdown safely.
 */
test('the seller saves the refund policy; the footer links to it and the page renders', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const marker = `policy-${uniqueSuffix()}`;

  expect((await page.request.get('/refund')).status()).toBe(404);
  await page.goto('/');
  const footer = page.getByRole('navigation', { name: 'Footer' });
  await expect(footer.getByRole('button', { name: /Refund Policy/ })).toHaveAttribute('aria-disabled', 'true');

  await signInAdmin(page);
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.getByRole('tab', { name: 'Refund Policy' }).click();
  await expect(page.getByText('Starter text: review and adapt it to your business before saving')).toBeVisible();
  const editor = page.getByRole('textbox', { name: 'Refund Policy (Markdown)' });
  await expect(editor).toHaveValue(/30-day money-back guarantee/);
  await editor.fill(`## Money back\n\nWithin **30 days**, no questions asked. ${marker}\n\n<script>alert(1)</script>`);
  await expect(page.getByRole('region', { name: 'Preview of the Refund Policy' }).getByText(marker)).toBeVisible();
  await page.getByRole('button', { name: 'Save Refund Policy' }).click();
  await expect(page.getByText('The Refund Policy is published at /refund.')).toBeVisible();

  await signOut(page);
  await page.goto('/');
  await footer.getByRole('link', { name: 'Refund Policy' }).click();
  await expect(page).toHaveURL(/\/refund$/);
  await expect(page).toHaveTitle('Refund Policy · Vows & Weeks');
  await expect(page.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Money back' })).toBeVisible();
  await expect(page.getByText(marker)).toBeVisible();
  await expect(page.getByText('<script>alert(1)</script>')).toBeVisible();
  expect(await page.locator('main script').count()).toBe(0);

  // Loaded directly, the page answers 200; a page not saved yet stays the 404 page.
  const direct = await page.request.get('/refund');
  expect(direct.status()).toBe(200);
  expect((await page.request.get('/terms')).status()).toBe(404);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeVisible();
  // Saved in the admin's language (English): marked so, and said so to nobody reading in English.
  await expect(page.getByText(marker).locator('xpath=ancestor::*[@lang][1]')).toHaveAttribute('lang', 'en');
  await expect(page.getByText(/This page is written in/)).toHaveCount(0);
  await expectNoAxeViolations(page, page.url());

  // A Spanish visitor: the page's name in Spanish, the seller's English text marked and announced.
  await page.goto('/es/refund');
  await expect(page.getByRole('heading', { level: 1, name: 'Política de reembolso' })).toBeVisible();
  await expect(page.getByText('Esta página está escrita en inglés.')).toBeVisible();
  await expect(page.getByText(marker).locator('xpath=ancestor::*[@lang][1]')).toHaveAttribute('lang', 'en');
  await expectNoAxeViolations(page, page.url());
  expect(errors).toEqual([]);
});

test('the settings page has no accessibility violations and fits a 375 px screen', async ({ page }) => {
  await signInAdmin(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { level: 2, name: 'Public pages' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'FAQ' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, '/admin/settings at 375 px');
});
