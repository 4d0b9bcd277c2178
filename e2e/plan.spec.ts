import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signInAdmin } from './support/auth';
import { localDate, namedCouple } from './support/couple';
import { expectNoAxeViolations } from './support/axe';

/*
 * The plan paced to the wedding (docs/product.md#paced-plan): a couple marrying in 10 weeks is
 * offered the core path, accepts it, takes a break (the back office sees it) and comes back.
 */

test('a couple marrying in 10 weeks accepts a plan, pauses and resumes', async ({ page, browser }) => {
  test.slow();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  // A partner name of this try's own: the seller's list below holds every couple on a break.
  const partner = `Noah ${String.fromCharCode(65 + Math.floor(Math.random() * 26))}${Date.now().toString(36).replace(/[0-9]/g, '')}`;
  const coupleId = await namedCouple(page, localDate(70), partner);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAdmin(admin);
  // The plan is for paying couples: the seller gives this one the full course.
  const granted = await admin.request.post('/api/trpc/adminCouples.grantFullAccess', { data: { coupleId } });
  expect(granted.status(), await granted.text()).toBe(200);

  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Your plan' });
  // The dashboard's first load can be slow on a busy machine.
  await expect(card.getByTestId('plan-proposal')).toContainText(
    'the core path plans the weeks that matter most first',
    {
      timeout: 30_000,
    },
  );
  await expect(card.getByTestId('plan-proposal')).toContainText('(10 weeks away)');
  await expect(card.getByRole('switch', { name: /Core weeks first/ })).toBeChecked();
  await expectNoAxeViolations(page, 'the plan card', { include: 'section[aria-labelledby="plan-title"]' });

  await card.getByRole('button', { name: 'Accept this plan' }).click();
  await expect(card.getByTestId('plan-standing')).toHaveText('Week 1 of your plan: on track');
  // The button fetches the file and hands it to the browser (a blob URL): a download all the same.
  const calendarFile = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Add the next session to a calendar' }).click();
  const download = await calendarFile;
  expect(download.suggestedFilename()).toBe('next-session.ics');
  expect(await fs.readFile(await download.path(), 'utf8')).toContain('SUMMARY:Week 1: Listening to Understand');

  // The core path: after weeks 1 and 2 the Continue card offers week 6, the next core week.
  for (const week of [1, 2]) {
    const done = await page.request.post(`/api/progress/${coupleId}/${week}/complete`);
    expect(done.status()).toBe(200);
  }
  await page.reload();
  await expect(page.getByRole('button', { name: 'Continue Week 6' })).toBeVisible();
  await expect(card.getByTestId('plan-standing')).toHaveText('Week 1 of your plan: on track');

  // A break until a date: no reminders, the plan waits.
  const until = localDate(14);
  await card.getByRole('button', { name: 'Take a break' }).click();
  await card.getByLabel('Back on').fill(until);
  await card.getByRole('button', { name: 'Pause our plan' }).click();
  await expect(card.getByText(/^You are on a break until /)).toBeVisible();
  await expectNoAxeViolations(page, 'the plan card', { include: 'section[aria-labelledby="plan-title"]' });

  // The seller sees the couple on a break (names and dates only).
  await admin.goto('/admin/couples');
  const paused = admin.getByRole('region', { name: 'Couples on a break' });
  await expect(paused.getByRole('listitem').filter({ hasText: `Maya & ${partner}` })).toContainText('back on', {
    timeout: 20_000,
  });

  // Back early: the plan starts again from today.
  await card.getByRole('button', { name: 'Resume our plan' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Your plan now starts from today.');
  await expect(card.getByTestId('plan-standing')).toHaveText('Week 1 of your plan: on track');
  await admin.reload();
  await expect(admin.getByRole('region', { name: 'Couples on a break' })).not.toContainText(`Maya & ${partner}`);

  await adminContext.close();
  expect(errors).toEqual([]);
});
