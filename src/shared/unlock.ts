import { TOTAL_WEEKS, type AccessLevel } from './constants';

/** The highest week an access level may unlock (docs/product.md#access-levels). */
export function accessLimit(accessLevel: AccessLevel, trialWeeks: number): number {
  return accessLevel === 'full' ? TOTAL_WEEKS : Math.min(trialWeeks, TOTAL_WEEKS);
}

/**
 * The week-unlock rule of docs/product.md#week-unlocking, the one definition used everywhere:
 * completed weeks stay open; otherwise week 1, or week N when week N-1 is completed, up to the
 * access limit. A couple on a core-path plan (shared/plan.ts, decision 0250) passes the plan's
 * order too: week N also opens when the week before it in that order is completed, so the plan
 * may skip non-core weeks, only in the order it says.
 */
export function isWeekUnlocked(
  weekNumber: number,
  completedWeeks: ReadonlySet<number>,
  limit: number,
  planOrder: readonly number[] | null = null,
): boolean {
  if (completedWeeks.has(weekNumber)) return true;
  if (weekNumber < 1 || weekNumber > limit) return false;
  if (weekNumber === 1 || completedWeeks.has(weekNumber - 1)) return true;
  if (planOrder === null) return false;
  const index = planOrder.indexOf(weekNumber);
  return index > 0 && completedWeeks.has(planOrder[index - 1]!);
}

/**
 * Why a locked week is locked: 'trial-limit' when it lies past the access limit (completing weeks
 * cannot open it, only the full course can), otherwise 'previous-week' (week N-1 is not completed).
 */
export type WeekLockReason = 'previous-week' | 'trial-limit';

/** Why week N is locked for these completed weeks and limit, or null when it is open. */
export function weekLockReason(
  weekNumber: number,
  completedWeeks: ReadonlySet<number>,
  limit: number,
  planOrder: readonly number[] | null = null,
): WeekLockReason | null {
  if (isWeekUnlocked(weekNumber, completedWeeks, limit, planOrder)) return null;
  return weekNumber > limit ? 'trial-limit' : 'previous-week';
}

/** The lowest week not completed, or null when all 52 are; `completedWeeks` ascending, each once. */
export function nextWeek(completedWeeks: readonly number[]): number | null {
  let week = 1;
  for (const completed of completedWeeks) {
    if (completed !== week) break;
    week += 1;
  }
  return week > TOTAL_WEEKS ? null : week;
}
