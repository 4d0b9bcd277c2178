import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { signOut, trialSignUp } from './support/auth';

/**
 * "Email me my code" end to end: the e2e server has no SMTP_URL, so every email it sends is an
 * .eml file in DATA_DIR/outbox (docs/product.md#email), the folder the test reads.
 */
const outboxDir = path.join(process.env.E2E_DATA_DIR!, 'outbox');

/** The newest requested-code email to `email` in the outbox, parsed, once the worker wrote it. */
async function requestedCodeFor(email: string) {
  let found: Awaited<ReturnType<typeof simpleParser>> | undefined;
  await expect
    .poll(
      async () => {
        const files = fs.existsSync(outboxDir)
          ? fs.readdirSync(outboxDir).filter((file) => file.endsWith('-requested-code.eml'))
          : [];
        for (const file of files.sort().reverse()) {
          const parsed = await simpleParser(fs.readFileSync(path.join(outboxDir, file)));
          const to = parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '';
          if (to === email) {
            found = parsed;
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

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

  const mail = await requestedCodeFor(email);
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
