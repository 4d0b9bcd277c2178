import { expect, type Page } from '@playwright/test';

/**
 * Completes the welcome dialog a new couple meets on /dashboard (it cannot be dismissed any other
 * way), checking on the way that it asks for a name left out.
 */
export async function completeOnboarding(page: Page, names: { you: string; partner: string; date?: string }) {
  const dialog = page.getByRole('dialog', { name: 'Welcome to your 52-week journey!' });
  // The dashboard loads several queries before deciding to onboard; allow for a busy machine.
  await expect(dialog).toBeVisible();
  const start = dialog.getByRole('button', { name: 'Start Our Journey' });
  await dialog.getByRole('textbox', { name: 'Your name' }).fill(names.you);
  // Without the partner's name the dialog asks for it, with the focus on it, and stays open.
  await start.click();
  await expect(dialog.getByRole('textbox', { name: "Your partner's name" })).toBeFocused();
  await dialog.getByRole('textbox', { name: "Your partner's name" }).fill(names.partner);
  if (names.date) await dialog.getByLabel('Wedding date').fill(names.date);
  await start.click();
  // Dismiss this toast so the caller's next check starts from an empty notification region.
  const toast = page
    .getByRole('region', { name: 'Notifications' })
    .locator('[data-notification-id]', { hasText: 'Profile Updated' });
  await expect(toast).toBeVisible();
  // It may close by itself (5 s) before the click lands; either way it must be gone.
  await toast
    .getByRole('button', { name: 'Dismiss notification' })
    .click({ timeout: 2_000 })
    .catch(() => undefined);
  await expect(toast).toHaveCount(0);
  await expect(dialog).toBeHidden();
}
