import { expect, test } from '@playwright/test';
import { signInAdmin, uniqueEmail, uniqueSuffix } from './support/auth';
import { formReady } from './support/landing';
import { expectNoAxeViolations } from './support/axe';

/**
 * The seller's inbox against the real server: a message sent with the landing page's contact form
 * appears in /admin/messages, unread, opens in full and is marked handled.
 */
test('a message from the contact form reaches the inbox, is opened and marked handled', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const marker = `inbox-${uniqueSuffix()}`;
  const email = uniqueEmail('contact');

  await page.goto('/');
  const form = page.getByRole('form', { name: 'Contact us' });
  await (await formReady(form, 'Send Message')).click();
  await expect(page.getByText('Missing Information')).toBeVisible();
  await form.getByRole('textbox', { name: /first name/i }).fill('Mira');
  await form.getByRole('textbox', { name: /last name/i }).fill('Okafor');
  await form.getByRole('textbox', { name: /email/i }).fill(email);
  await form.getByRole('combobox', { name: /subject/i }).selectOption('course');
  await form.getByRole('textbox', { name: /message/i }).fill(`Can we start before the wedding? ${marker}`);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message Sent!')).toBeVisible();

  await signInAdmin(page);
  await page.goto('/admin/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin sections' }).getByLabel(/\d+ unread/)).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search' }).fill(marker);
  await page.getByRole('button', { name: 'Search' }).click();
  const list = page.getByRole('list', { name: 'Messages, newest first' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByText('Unread')).toBeVisible();

  await list.getByRole('button', { name: /Mira Okafor/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Message from Mira Okafor' });
  await expect(dialog.getByText(`Can we start before the wedding? ${marker}`)).toBeVisible();
  await expect(dialog.getByText(email, { exact: true })).toBeVisible();
  await expect(dialog.getByText('Course Content')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Reply in your mail program' })).toHaveAttribute(
    'href',
    `mailto:${email}?subject=Re%3A%20Course%20Content`,
  );
  await dialog.getByRole('button', { name: 'Mark handled' }).click();
  await expect(dialog.getByRole('button', { name: 'Mark unhandled' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(list.getByText('Handled')).toBeVisible();

  await page.getByRole('combobox', { name: 'State' }).selectOption('handled');
  await expect(list.getByRole('button', { name: /Mira Okafor/ })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the inbox has no accessibility violations and fits a 375 px screen', async ({ page }) => {
  await signInAdmin(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/admin/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'State' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, '/admin/messages at 375 px');
});
