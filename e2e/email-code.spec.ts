import { expect, test } from '@playwright/test';
import { signOut, trialSignUp } from './support/auth';
import { mailTo } from './support/outbox';

/**
 * "Email me my code" end to end: the e2e server has no SMTP_URL, so every email it sends is an
 * .eml file in DATA_DIR/outbox (docs/product.md#email), the folder the test reads.
 */

test('a couple who lost their code asks for a new one by email, reads it from the outbox and signs in with it', async ({
  page,
}) => {
  // A couple that has an account (a trial) and whose code is now lost.
  const { email, accessCode: oldCode } = await trialSignUp(page);
  await signOut(page);

  await page.goto('/customer-login');
  await page.getByRole('button', { name: 'Email me my code' }).click();
  await page.getByLabel('Your email').fill(email);
  await page.getByRole('button', { name: 'Send me a new code' }).click();
  await expect(page.getByText(/If an account uses this email, a new personal access code is on its way/)).toBeVisible();

  const mail = await mailTo(process.env.E2E_DATA_DIR!, 'requested-code', email);
  expect(mail.subject).toBe('Your new Vows & Weeks access code');
  expect(mail.text).toContain('/customer-login');
  expect(mail.html).toBeTruthy();
  const newCode = /\b([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})\b/.exec(mail.text ?? '')?.[1];
  expect(newCode).toBeDefined();
  expect(newCode).not.toBe(oldCode);

  // The old code no longer opens the account.
  const refused = await page.request.post('/api/customer-auth/login', { data: { email, accessCode: oldCode } });
  expect(refused.status()).toBe(401);

  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page.getByRole('textbox', { name: /^Access code/ }).fill(newCode!.toLowerCase());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
