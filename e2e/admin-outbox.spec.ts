import { expect, type Page, test } from '@playwright/test';
import { signInAdmin, signOut, trialSignUp, uniqueEmail, uniqueSuffix } from './support/auth';
import { accessCodeIn, mailTo } from './support/outbox';
import { expectNoAxeViolations } from './support/axe';

/**
 * The seller's email outbox (/admin/outbox) against the real server. The e2e server has no
 * SMTP_URL, so every email is written as an .eml file under DATA_DIR/outbox (docs/product.md#email)
 * and the page says so; the emails are listed with recipient, kind and status, never their text.
 */

/** The access code in the requested-code email to `email`. */
async function requestedCodeFor(email: string): Promise<string> {
  const code = accessCodeIn(await mailTo(process.env.E2E_DATA_DIR!, 'requested-code', email));
  expect(code).toBeTruthy();
  return code!;
}

/** The outbox entry whose recipient is `email`, once it shows as sent (reloading until it does). */
async function sentEntryFor(page: Page, email: string) {
  const entry = page
    .getByRole('list', { name: 'Emails, newest first' })
    .getByRole('listitem')
    .filter({ hasText: email });
  // Each try gives the reloaded page 5 s to draw its list: on a slow machine the admin page alone
  // can take longer than 1 s, and then no try could ever pass.
  await expect(async () => {
    await page.reload();
    await expect(entry.locator('.mantine-Badge-label')).toHaveText('Sent', { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  return entry;
}

test('an access code a couple asked for by email is listed in the outbox, without the code', async ({ page }) => {
  // A sign-up or a message, then the outbox reloaded until the email shows as sent.
  test.slow();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const { email } = await trialSignUp(page);
  await signOut(page);
  const requested = await page.request.post('/api/customer-auth/request-code', { data: { email } });
  expect(requested.status(), await requested.text()).toBe(202);
  const code = await requestedCodeFor(email);

  await signInAdmin(page);
  await page.goto('/admin/overview');
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Email', exact: true })
    .click();
  await expect(page).toHaveURL(/\/admin\/outbox$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Email outbox' })).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: 'No mail server is set up' })).toContainText('DATA_DIR/outbox');

  const entry = await sentEntryFor(page, email);
  await expect(entry).toContainText('Your new Vows & Weeks access code');
  await expect(entry).toContainText('New access code (Email me my code, or issued in the back office)');
  await expect(entry).toContainText('Attempts1');
  // Never the text of an email, so never a code: not on the page, not in what the browser got.
  await expect(page.locator('body')).not.toContainText(code);

  // Filter by keyboard: the sent email stays, the failed view has nothing to retry.
  const status = page.getByRole('combobox', { name: 'Status' });
  await status.focus();
  await status.selectOption('failed');
  await expect(page.getByText('No failed emails: nothing needs a retry.')).toBeVisible();
  await page.getByRole('button', { name: 'Show every email' }).press('Enter');
  await expect(status).toHaveValue('');
  await expect(entry).toBeVisible();
  expect(errors).toEqual([]);
});

test('a reply sent from the Messages inbox goes out and shows in the outbox', async ({ page }) => {
  // A sign-up or a message, then the outbox reloaded until the email shows as sent.
  test.slow();
  const email = uniqueEmail('reply');
  const marker = `outbox-${uniqueSuffix()}`;
  const sent = await page.request.post('/api/contact', {
    data: { firstName: 'Noor', lastName: 'Haddad', email, subject: 'course', message: `Is there a group? ${marker}` },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await signInAdmin(page);
  await page.goto('/admin/messages');
  await page.getByRole('searchbox', { name: 'Search' }).fill(marker);
  await page.getByRole('button', { name: 'Search' }).click();
  await page
    .getByRole('list', { name: 'Messages, newest first' })
    .getByRole('button', { name: /Noor Haddad/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Message from Noor Haddad' });
  await dialog.getByRole('textbox', { name: 'Your reply' }).fill('Not yet: the course is for the two of you.');
  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Reply sent')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Mark unhandled' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/admin/outbox');
  const entry = await sentEntryFor(page, email);
  await expect(entry).toContainText('Re: Course Content');
  await expect(entry).toContainText('Reply to a message');
  await expect(entry).not.toContainText('Not yet: the course is for the two of you.');
});

test('the outbox has no accessibility violations and fits a 375 px screen', async ({ page }) => {
  await signInAdmin(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/admin/outbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Email outbox' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Status' })).toBeVisible();
  await expect(page.getByLabel('Loading the outbox')).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, '/admin/outbox at 375 px');
});
