import { TOTAL_WEEKS, type AccessLevel } from './constants';

/** The highest week an access level may unlock (docs/product.md#access-levels). */
export function accessLimit(accessLevel: AccessLevel, trialWeeks: number): number {
  return accessLevel === 'full' ? TOTAL_WEEKS : Math.min(trialWeeks, TOTAL_WEEKS);
}

/**
 * The week-unlock rule of docs/product.md#week-unlocking, the one definition used everywhere:
 * completed weeks stay open; otherwise week 1, or week N when week N-1 is completed, up to the
 * access limit.
 */
export function isWeekUnlocked(weekNumber: number, completedWeeks: ReadonlySet<number>, limit: number): boolean {
  if (completedWeeks.has(weekNumber)) return true;
  if (weekNumber < 1 || weekNumber > limit) return false;
  return weekNumber === 1 || completedWeeks.has(weekNumber - 1);
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
): WeekLockReason | null {
  if (isWeekUnlocked(weekNumber, completedWeeks, limit)) return null;
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
