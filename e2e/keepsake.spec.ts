import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { extractText } from 'unpdf';
import { trialSignUp } from './support/auth';
import { completeOnboarding } from './support/onboarding';

/** Clicks a download button and answers the saved file's name and bytes. */
async function download(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = await downloadPromise;
  return { name: file.suggestedFilename(), bytes: await fs.readFile((await file.path())!) };
}

async function pdfText(bytes: Buffer): Promise<string> {
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return (await extractText(new Uint8Array(bytes), { mergePages: true })).text.replace(/\s+/g, ' ');
}

test('the demo couple signs in on the one sign-in page and downloads "Our year"', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  // Both ways in are on the page; the demo uses the access code.
  await page.getByRole('tab', { name: 'Personal code' }).click();
  await expect(page).toHaveURL(/\/customer-login$/);
  await page.getByRole('button', { name: 'Use the demo account' }).click();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  await page.getByRole('tab', { name: 'Wins' }).click();
  const keepsake = await download(page, 'Download our year (PDF)');
  expect(keepsake.name).toBe('our-year.pdf');
  const text = await pdfText(keepsake.bytes);
  expect(text).toContain('Alex & Sam');
  expect(text).toContain('We learned to repeat back what we heard before answering.');
  expect(text).toContain('Journey Started!');
});

test('a couple downloads their keepsake and data, deletes the account and cannot sign in again', async ({ page }) => {
  test.slow();
  const { email, accessCode } = await trialSignUp(page);
  await page.goto('/dashboard');
  await completeOnboarding(page, { you: 'Maya', partner: 'Noah' });
  const { userId } = (await (await page.request.get('/api/auth/check')).json()) as { userId: number };
  for (const [partner, answer] of [
    ['partner1', 'We listen before we answer 💍'],
    ['partner2', 'We ask one more question'],
  ]) {
    const saved = await page.request.post(`/api/workbook-responses/${userId}/1/${partner}`, {
      data: { reflectionAnswers: [answer] },
    });
    expect(saved.status()).toBe(200);
  }
  expect((await page.request.post(`/api/progress/${userId}/1/complete`)).status()).toBe(200);

  await page.getByRole('tab', { name: 'Wins' }).click();
  const text = await pdfText((await download(page, 'Download our year (PDF)')).bytes);
  expect(text).toContain('Maya & Noah');
  expect(text).toContain('We listen before we answer');
  expect(text).toContain('We ask one more question');

  await page.getByRole('tab', { name: 'Profile' }).click();
  const data = await download(page, 'Download our data');
  expect(data.name).toMatch(/^vows-and-weeks-our-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(data.bytes.toString('utf8'));
  expect(exported.profile).toMatchObject({ userDisplayName: 'Maya', partnerName: 'Noah' });
  expect(exported.signIns[0].email).toBe(email);
  expect(exported.workbookAnswers).toHaveLength(2);

  await page.getByRole('button', { name: 'Delete our account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel(/Type your email, your username or DELETE/).fill(email);
  await dialog.getByRole('button', { name: 'Delete everything' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Your account has been deleted.');
  expect((await (await page.request.get('/api/auth/check')).json()).authenticated).toBe(false);

  const again = await page.request.post('/api/customer-auth/login', { data: { email, accessCode } });
  expect(again.status()).toBe(401);
});
