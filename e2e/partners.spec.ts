import { expect, test, type Page } from '@playwright/test';
import { registerCouple, uniqueEmail } from './support/auth';

/*
 * Two partners, two devices (docs/product.md#partner-sign-ins, docs/product.md#sealed-answers):
 * Robin invites Casey, Casey accepts in another browser, both answer week 1 privately, the other's
 * answers stay sealed until both share, then both read them side by side and generate the summary.
 */

const Q1 = /^1\. Think of a time/;

async function openWeekOne(page: Page): Promise<void> {
  await page.goto('/dashboard?tab=current&week=1');
  await expect(page.getByRole('heading', { level: 2, name: 'Listening to Understand' })).toBeVisible();
}

async function answer(page: Page, name: string, first: string, commitment: string): Promise<void> {
  await expect(page.getByText(`You are answering as ${name}.`)).toBeVisible();
  await page.getByLabel(Q1).fill(first);
  await page.getByLabel('Weekly commitment').fill(commitment);
  await page.getByRole('button', { name: 'Save Responses' }).click();
  await expect(page.getByText(`${name}'s answers are saved.`)).toBeVisible();
}

test('invite, accept, answer privately, share, reveal side by side, generate the summary', async ({ browser }) => {
  // Two browsers through a whole week of the workbook each: over 30 s on a busy 2-core CI machine.
  test.slow();
  const robinContext = await browser.newContext();
  const caseyContext = await browser.newContext();
  const robin = await robinContext.newPage();
  const casey = await caseyContext.newPage();
  const errors: string[] = [];
  for (const page of [robin, casey]) page.on('pageerror', (error) => errors.push(error.message));

  // Robin's couple, with names so onboarding does not open.
  await registerCouple(robin);
  const { userId } = (await (await robin.request.get('/api/auth/check')).json()) as { userId: number };
  const profile = await robin.request.put(`/api/profile/${userId}`, {
    data: { userDisplayName: 'Robin', partnerName: 'Casey', weddingDate: null },
  });
  expect(profile.status()).toBe(200);

  // Robin makes an invite link and turns private answers on, in Profile.
  await robin.goto('/dashboard?tab=profile');
  await expect(robin.getByRole('heading', { name: 'Partner sign-ins' })).toBeVisible();
  await robin.getByRole('button', { name: 'Make an invite link' }).click();
  const link = (await robin.getByLabel('Invite link').textContent())?.trim() ?? '';
  // The code rides after `#`, which no server sees (decision 0370).
  expect(link).toMatch(/\/invite#code=[A-Z0-9-]+$/);
  await robin.getByRole('switch', { name: 'Private answers' }).click();
  await expect(robin.getByText('Private answers are on.')).toBeVisible();

  // Casey accepts on another device with their own email, and gets their own code.
  await casey.goto(link.slice(new URL(link).origin.length));
  await expect(casey.getByText(/Robin invites you/)).toBeVisible();
  // The page took the code out of the address bar at once.
  expect(new URL(casey.url()).pathname + new URL(casey.url()).hash).toBe('/invite');
  await casey.getByLabel('Your email').fill(uniqueEmail('casey'));
  await casey.getByRole('button', { name: 'Accept the invite' }).click();
  await expect(casey.getByLabel('Your personal access code')).toHaveText(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  await casey.getByRole('button', { name: 'Open our course' }).click();
  await expect(casey).toHaveURL(/\/dashboard/);

  // Both answer on their own; each sees the other's answers sealed.
  await openWeekOne(casey);
  await answer(casey, 'Casey', 'You let me talk about my grandmother without fixing anything.', 'Ask before advising.');
  await expect(casey.getByText(/Sealed until you both share/)).toBeVisible();
  await openWeekOne(robin);
  await answer(robin, 'Robin', 'You put your phone away on our Sunday walk.', 'Ask before advising.');
  await expect(robin.getByText(/Sealed until you both share/)).toBeVisible();
  await expect(robin.getByText('without fixing anything')).toHaveCount(0);
  await expect(robin.getByRole('button', { name: 'Generate Summary' })).toHaveCount(0);

  // Robin shares first, then Casey: the week opens for both.
  await robin.getByRole('button', { name: 'Mark my answers as shared' }).click();
  await expect(robin.getByText(/Waiting for Casey to share/)).toBeVisible();
  await openWeekOne(casey);
  await expect(casey.getByText(/Robin has shared/)).toBeVisible();
  await casey.getByRole('button', { name: 'Mark my answers as shared' }).click();
  await expect(casey.getByRole('heading', { name: 'Side by side' })).toBeVisible();
  await expect(casey.getByText('You put your phone away on our Sunday walk.')).toBeVisible();

  // Robin hears about it on the dashboard and reads both answers side by side.
  await robin.goto('/dashboard');
  await expect(robin.getByText('Casey has shared week 1')).toBeVisible();
  await robin.getByRole('button', { name: 'Read week 1 together' }).click();
  await expect(robin.getByRole('heading', { name: 'Side by side' })).toBeVisible();
  const rows = robin.getByTestId('side-by-side-row');
  await expect(rows.filter({ hasText: 'without fixing anything' })).toContainText('Talk about this');
  await expect(rows.filter({ hasText: 'Weekly commitment' })).toContainText('You agree');

  await robin.getByRole('button', { name: 'Generate Summary' }).click();
  const summary = robin.getByTestId('week-summary');
  await expect(summary).toContainText('without fixing anything');
  await expect(summary).toContainText('Sunday walk');
  expect(errors).toEqual([]);
  await robinContext.close();
  await caseyContext.close();
});
