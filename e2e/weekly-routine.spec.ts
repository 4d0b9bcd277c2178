import { expect, test, type Page } from '@playwright/test';
import { registerCouple } from './support/auth';
import { completeOnboarding } from './support/onboarding';

/*
 * The weekly routine (docs/product.md#weekly-routine): the dashboard offers the current week, the
 * tab and the week live in the URL (reload and back keep them), and a milestone is celebrated.
 */

const tab = (page: Page, name: string) => page.getByRole('tab', { name });

/** Fails the test on any console error or uncaught exception in the page. */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('Continue Week N opens the workbook; reload and back keep the tab and the week', async ({ page }) => {
  test.slow();
  const errors = watchConsole(page);
  await registerCouple(page);
  await page.goto('/dashboard');
  await completeOnboarding(page, { you: 'Iris', partner: 'Tomás' });
  await expect(page).toHaveURL(/\/dashboard\?tab=progress&week=1$/);

  // The dashboard opens on what to do now.
  const next = page.getByRole('region', { name: /^Week 1\b/ }).filter({ hasText: 'Your current week' });
  await next.getByRole('button', { name: 'Continue Week 1' }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=current&week=1$/);
  await expect(tab(page, 'Current')).toHaveAttribute('aria-selected', 'true');
  await expect(tab(page, 'Current')).toBeFocused();
  await expect(page.getByRole('heading', { level: 2, name: 'Listening to Understand' })).toBeVisible();

  // A reload keeps the tab and the week.
  await page.reload();
  await expect(tab(page, 'Current')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { level: 2, name: 'Listening to Understand' })).toBeVisible();

  // Back returns to the Progress tab with week 1 selected; forward to the workbook again.
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\?tab=progress&week=1$/);
  await expect(tab(page, 'Progress')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Mark Complete' })).toBeVisible();
  await page.goForward();
  await expect(tab(page, 'Current')).toHaveAttribute('aria-selected', 'true');

  // Tabs clicked are history entries too.
  await tab(page, 'Wins').click();
  await expect(page).toHaveURL(/tab=wins/);
  await page.goBack();
  await expect(tab(page, 'Current')).toHaveAttribute('aria-selected', 'true');
  expect(errors).toEqual([]);
});

test('completing week 1 is celebrated, then week 2 is next and the streak starts', async ({ page }) => {
  test.slow();
  const errors = watchConsole(page);
  await registerCouple(page);
  await page.goto('/dashboard');
  await completeOnboarding(page, { you: 'Ada', partner: 'Lin' });

  await page.getByRole('button', { name: 'Mark Complete' }).click();
  const celebration = page.getByRole('dialog', { name: 'Journey Started!' });
  await expect(celebration).toBeVisible();
  await expect(celebration).toContainText('You finished your first week together.');
  // The spec's toast comes too.
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Week Completed!');
  await expect(celebration.getByRole('button', { name: 'Keep going' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(celebration).toHaveCount(0);
  // The keyboard moves on as after any Mark Complete (decision 0135): week 2 on the map, now open.
  await expect(page.getByRole('button', { name: /^Week 2(:|,)/ })).toBeFocused();

  await expect(page.getByRole('button', { name: 'Continue Week 2' })).toBeVisible();
  await tab(page, 'Wins').click();
  const streak = page.getByText('Weekly streak').locator('..');
  await expect(streak).toContainText('1 week');
  await expect(streak).toContainText('You completed a week this week.');
  expect(errors).toEqual([]);
});

test('a bad tab or week in the URL opens the Progress tab, with nothing selected', async ({ page }) => {
  await registerCouple(page);
  await page.goto('/dashboard?tab=settings&week=99');
  await completeOnboarding(page, { you: 'Bo', partner: 'Kai' });
  await page.goto('/dashboard?tab=settings&week=99');
  await expect(tab(page, 'Progress')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Continue Week 1' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close week details' })).toHaveCount(0);
});
