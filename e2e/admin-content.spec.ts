import { expect, type Page, test } from '@playwright/test';
import { registerCouple, signInAdmin, uniqueSuffix } from './support/auth';

/*
 * The seller edits the course (issue 21): the admin changes week 2's first reflection question,
 * previews it as couples see it, saves it, a couple sees the new text in their workbook, and the
 * admin reverts the week to its default. Week 2 because other specs read week 1's text.
 */

const WEEK = 2;

/** Opens the week's workbook from the Progress tab, as a couple would. */
async function openWeek(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Progress' }).click();
  await page
    .getByRole('button', { name: new RegExp(`^Week ${WEEK}\\b`) })
    .first()
    .click();
  await page.getByRole('button', { name: 'Open Interactive Workbook' }).click();
  await expect(page.getByRole('tab', { name: 'Current' })).toHaveAttribute('aria-selected', 'true');
}

test('an admin edits a week, previews and saves it, the couple sees it, and the admin reverts it', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  const admin = await browser.newPage();
  admin.on('pageerror', (error) => errors.push(error.message));
  await signInAdmin(admin);
  const question = `What surprised you this week? (${uniqueSuffix()})`;

  await admin.goto('/admin');
  await admin.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Course content' }).click();
  await expect(admin).toHaveURL(/\/admin\/content/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Course content' })).toBeVisible();
  const weeks = admin.getByRole('navigation', { name: 'Weeks of the course' });
  await expect(weeks.getByRole('button')).toHaveCount(52);
  await weeks.getByRole('button', { name: new RegExp(`^Week ${WEEK}: `) }).click();
  await expect(admin).toHaveURL(new RegExp(`week=${WEEK}`));
  // Both editions side by side at this width (decision 0232): this test edits the English one.
  const english = admin.getByRole('region', { name: 'English edition' });
  await expect(admin.getByRole('region', { name: 'Spanish edition' })).toBeVisible();
  await expect(english.getByRole('heading', { level: 2, name: `Week ${WEEK}` })).toBeVisible();

  /** Revert to default, confirmed; the confirmation is clicked again while its dialog stays open (CI lost one click). */
  const revertWeek = async () => {
    await english.getByRole('button', { name: 'Revert to default' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Revert to default' });
    await expect(async () => {
      if (await dialog.isVisible()) {
        await dialog.getByRole('button', { name: `Revert Week ${WEEK}` }).click({ timeout: 2_000 });
      }
      await expect(dialog).toBeHidden({ timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    await expect(admin.getByText('Content Reverted').last()).toBeVisible();
  };
  // A try that stopped half-way left the week edited: a retry starts from its default text.
  if ((await weeks.getByRole('button', { name: new RegExp(`^Week ${WEEK}: .*Edited`) }).count()) > 0) {
    await revertWeek();
  }

  // An empty question is refused on the page, naming the field; nothing is sent.
  const first = english.getByRole('textbox', { name: 'Question 1', exact: true });
  const original = await first.inputValue();
  await first.fill('');
  await english.getByRole('button', { name: 'Save Content' }).first().click();
  await expect(admin.getByText('Some fields need attention')).toBeVisible();
  await expect(first).toHaveAccessibleDescription(/must not be empty/);

  await first.fill(question);
  await english.getByRole('tab', { name: 'Preview' }).click();
  const preview = english.getByTestId('content-preview');
  await expect(preview.getByRole('textbox', { name: `1. ${question}` })).toBeVisible();
  await expect(preview.getByRole('button', { name: 'Save Responses' })).toBeDisabled();

  await english.getByRole('button', { name: 'Save Content' }).first().click();
  await expect(admin.getByText('Content Saved').last()).toBeVisible();
  await expect(weeks.getByRole('button', { name: new RegExp(`^Week ${WEEK}: .*Edited`) })).toBeVisible();

  // A couple with week 2 open sees the new question in the workbook.
  const couplePage = await browser.newPage();
  couplePage.on('pageerror', (error) => errors.push(error.message));
  await registerCouple(couplePage);
  const { userId } = (await (await couplePage.request.get('/api/auth/check')).json()) as { userId: number };
  const profile = await couplePage.request.put(`/api/profile/${userId}`, {
    data: { userDisplayName: 'Lee', partnerName: 'Sam', weddingDate: null },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const completed = await couplePage.request.post(`/api/progress/${userId}/1/complete`);
  expect(completed.status(), await completed.text()).toBe(200);
  await openWeek(couplePage);
  await expect(couplePage.getByRole('textbox', { name: `1. ${question}` })).toBeVisible();

  // The admin reverts the week (after confirming); the couple sees the default text again.
  await revertWeek();
  await expect(english.getByRole('textbox', { name: 'Question 1', exact: true })).toHaveValue(original);
  await english.getByRole('tab', { name: 'History' }).click();
  await expect(english.getByRole('button', { name: /^Restore the version/ }).first()).toBeVisible();

  await openWeek(couplePage);
  await expect(couplePage.getByRole('textbox', { name: `1. ${original}` })).toBeVisible();
  await expect(couplePage.getByText(question)).toHaveCount(0);
  expect(errors).toEqual([]);
});
