import { expect, test, type Page } from '@playwright/test';
import { registerCouple } from './support/auth';

/** The workbook's own partner picker (the course-time tracker has one too). */
const answering = (page: Page) => page.getByRole('radiogroup', { name: 'Who is answering?' });

/*
 * The interactive workbook in the dashboard's Current tab: both partners fill in week 1, the check
 * marks appear, and the couple's summary is generated and shown. Each run makes its own couple.
 */

/** Registers a new couple (signed in) and fills the profile, so onboarding does not open. */
async function signUpCouple(page: Page, names: { partner1: string; partner2: string }): Promise<void> {
  await registerCouple(page);
  const check = await page.request.get('/api/auth/check');
  const { userId } = (await check.json()) as { userId: number };
  const profile = await page.request.put(`/api/profile/${userId}`, {
    data: { userDisplayName: names.partner1, partnerName: names.partner2, weddingDate: null },
  });
  expect(profile.status(), await profile.text()).toBe(200);
}

/** Opens week 1 from the Progress tab, as a couple would: select the week, then open its workbook. */
async function openWeekOneWorkbook(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Progress' }).click();
  await page
    .getByRole('button', { name: /^Week 1\b/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Open Interactive Workbook' }).click();
  await expect(page.getByRole('tab', { name: 'Current' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { level: 2, name: 'Listening to Understand' })).toBeVisible();
}

/**
 * Picks the partner on screen, as a couple would, by clicking their name; clicked again until the
 * picker shows them. Playwright scrolls the name into view just before it presses, and in about one
 * run in five here the page was still scrolling (from the Save button far below) after the press:
 * the release landed on another element and the browser made no click of it (logged: pointerdown
 * on the name, a scroll event, pointerup on the text below).
 */
async function choosePartner(page: Page, name: string): Promise<void> {
  await expect(async () => {
    await answering(page).getByText(name, { exact: true }).click();
    await expect(answering(page).getByRole('radio', { name: new RegExp(`^${name}\\b`) })).toBeChecked({
      timeout: 1_000,
    });
  }).toPass({ timeout: 10_000 });
}

async function answerAs(page: Page, name: string, answers: { first: string; commitment: string }) {
  await choosePartner(page, name);
  await page.getByLabel(/^1\. Think of a time/).fill(answers.first);
  await page.getByLabel('Weekly commitment').fill(answers.commitment);
  await page.getByRole('button', { name: 'Save Responses' }).click();
  // A second save within 5 s replaces the first toast, which fades out while the new one comes in:
  // for a moment two say 'Responses Saved'. The check mark below proves this save went through.
  await expect(page.getByText('Responses Saved').last()).toBeVisible();
  await expect(answering(page).getByRole('radio', { name: `${name} (answered)` })).toHaveCount(1);
}

test('both partners fill in week 1, see their check marks, and generate their summary', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const names = { partner1: 'Robin', partner2: 'Casey' };
  await signUpCouple(page, names);
  await openWeekOneWorkbook(page);

  // Nobody has answered yet: no check marks and no summary button.
  await expect(answering(page).getByRole('radio', { name: names.partner1, exact: true })).toHaveCount(1);
  await expect(answering(page).getByRole('radio', { name: names.partner2, exact: true })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Generate Summary' })).toHaveCount(0);
  const nameAt = async () => (await answering(page).getByText(names.partner1, { exact: true }).boundingBox())?.x;
  const before = await nameAt();

  await answerAs(page, names.partner1, {
    first: 'You put your phone away on our Sunday walk and asked about my grandmother.',
    commitment: 'I will leave my phone in the hallway during dinner.',
  });
  // The check mark shows in a place kept for it: the name does not move sideways.
  expect(await nameAt()).toBeCloseTo(before!, 0);
  await expect(page.getByRole('button', { name: 'Generate Summary' })).toHaveCount(0);

  await answerAs(page, names.partner2, {
    first: 'On the Sunday walk you let me talk about my grandmother without fixing anything.',
    commitment: 'I will ask whether you want advice before giving any.',
  });
  // Both check marks show, and switching back keeps the first partner's saved words.
  await expect(answering(page).getByRole('radio', { name: `${names.partner1} (answered)` })).toHaveCount(1);
  await choosePartner(page, names.partner1);
  await expect(page.getByLabel(/^1\. Think of a time/)).toHaveValue(/our Sunday walk/);

  await page.getByRole('button', { name: 'Generate Summary' }).click();
  const summary = page.getByTestId('week-summary');
  await expect(summary).toContainText('listening to understand rather than to reply');
  await expect(summary).toContainText(names.partner1);
  await expect(summary).toContainText(names.partner2);
  await expect(summary).toContainText('asked about my grandmother');
  await expect(summary).toContainText('without fixing anything');
  await expect(summary).toContainText(/you both (wrote about|came back to)[^.]*grandmother/);
  await expect(summary).toContainText('I will leave my phone in the hallway during dinner.');
  await expect(page.getByRole('button', { name: 'Generate Summary' })).toHaveCount(0);

  // The summary is stored: it is there after a reload, still without the Generate Summary button.
  await openWeekOneWorkbook(page);
  await expect(page.getByTestId('week-summary')).toContainText('without fixing anything');
  await expect(page.getByRole('button', { name: 'Generate Summary' })).toHaveCount(0);
  expect(errors).toEqual([]);
});

// Sized by the browser (CSS field-sizing) where it can, not measured by a script after each render
// (decision 0399): three lines at first, one more per line typed, twelve at most, then it scrolls.
test('an answer grows with its text from three lines to twelve, with no script measuring it', async ({ page }) => {
  await signUpCouple(page, { partner1: 'Ari', partner2: 'Jo' });
  await openWeekOneWorkbook(page);
  const field = page.getByLabel(/^1\. Think of a time/);
  const measure = () =>
    field.evaluate((element: HTMLTextAreaElement) => ({
      height: element.getBoundingClientRect().height,
      line: Number.parseFloat(getComputedStyle(element).lineHeight),
      scrolls: element.scrollHeight > element.clientHeight,
    }));
  const lines = (count: number) => Array.from({ length: count }, (_, index) => `Line ${index + 1}`).join('\n');

  const empty = await measure();
  await field.fill(lines(3));
  expect((await measure()).height).toBeCloseTo(empty.height, 0);
  await field.fill(lines(6));
  expect((await measure()).height - empty.height).toBeCloseTo(3 * empty.line, 0);
  await field.fill(lines(30));
  const full = await measure();
  expect(full.height - empty.height).toBeCloseTo(9 * empty.line, 0);
  expect(full.scrolls).toBe(true);
  await field.fill('');
  expect((await measure()).height).toBeCloseTo(empty.height, 0);
  await expect(page.locator('textarea[aria-label="autosize measurement"]')).toHaveCount(0);
});
