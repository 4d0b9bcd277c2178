import { expect, type Page } from '@playwright/test';
import { registerCouple } from './auth';

/**
 * A new couple (trial access) signed in on `page`, with both names already saved so the welcome
 * dialog stays closed; `weddingDate` as given. Answers the couple's id. A spec that finds the couple
 * by name in a list shared with other specs (and with its own earlier try) gives a partner name of
 * its own.
 */
export async function namedCouple(
  page: Page,
  weddingDate: string | null = null,
  partnerName = 'Noah',
): Promise<number> {
  await registerCouple(page);
  const session = await page.request.get('/api/session');
  expect(session.ok()).toBe(true);
  const { customerId } = (await session.json()) as { customerId: number };
  const saved = await page.request.put(`/api/profile/${customerId}`, {
    data: { userDisplayName: 'Maya', partnerName, weddingDate },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return customerId;
}

/** A date `days` from today (negative: in the past), written YYYY-MM-DD in the browser's local time. */
export function localDate(days: number): string {
  const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

export const weekButton = (page: Page, week: number) =>
  page.getByRole('button', { name: new RegExp(`^Week ${week}(:|,)`) });
