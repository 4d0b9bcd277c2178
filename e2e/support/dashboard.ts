import { expect, type Page } from '@playwright/test';

/**
 * Completes the dashboard's onboarding dialog, which opens for every new couple and cannot be
 * dismissed any other way (SPEC section 4); until then the rest of the page is inert.
 */
export async function completeOnboarding(page: Page, names: { you: string; partner: string; date?: string } = { you: 'Robin', partner: 'Casey' }) {
  const dialog = page.getByRole('dialog', { name: 'Welcome to your 52-week journey!' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Your name' }).fill(names.you);
  await dialog.getByRole('textbox', { name: "Your partner's name" }).fill(names.partner);
  if (names.date) await dialog.getByLabel('Wedding date').fill(names.date);
  await dialog.getByRole('button', { name: 'Start Our Journey' }).click();
  await expect(dialog).toBeHidden();
}
