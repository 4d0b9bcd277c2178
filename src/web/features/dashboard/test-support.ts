import { TOTAL_WEEKS } from '../../../shared/constants';
import type { UserProgression } from '../../../shared/progress-schemas';
import type { WeekAccess } from './dashboard-logic';

/**
 * The notice a fixture week carries. Deliberately not the real sentences (the server's tests hold
 * those): a page that showed its own text instead of the server's would fail the tests that look
 * for these.
 */
export function serverNotice(weekNumber: number, reason: string): string {
  return `Server notice ${reason} for week ${weekNumber}.`;
}

/**
 * 52 weeks as the server would describe them for a couple who completed `completed`, with
 * `overrides` replacing fields of single weeks (answers the page cannot work out for itself).
 */
export function makeWeeks(options: {
  completed: number[];
  withFramework: number[];
  weekLimit?: number;
  overrides?: Record<number, Partial<WeekAccess>>;
}): WeekAccess[] {
  const done = new Set(options.completed);
  const limit = options.weekLimit ?? TOTAL_WEEKS;
  const next = makeProgression(options.completed).nextWeek;
  return Array.from({ length: TOTAL_WEEKS }, (_, index): WeekAccess => {
    const weekNumber = index + 1;
    const hasFramework = options.withFramework.includes(weekNumber);
    const isUnlocked = done.has(weekNumber) || (weekNumber <= limit && (weekNumber === 1 || done.has(weekNumber - 1)));
    const lockReason = isUnlocked ? null : weekNumber > limit ? 'trial-limit' : 'previous-week';
    const state = done.has(weekNumber)
      ? 'completed'
      : lockReason
        ? 'locked'
        : !hasFramework
          ? 'coming-soon'
          : weekNumber === next
            ? 'next'
            : 'available';
    return {
      weekNumber,
      title: hasFramework ? `Framework ${weekNumber}` : '',
      description: hasFramework ? `About week ${weekNumber}` : '',
      hasFramework,
      isUnlocked,
      state,
      lockReason,
      notice: lockReason
        ? serverNotice(weekNumber, lockReason)
        : state === 'coming-soon'
          ? serverNotice(weekNumber, state)
          : null,
      ...options.overrides?.[weekNumber],
    };
  });
}

export function makeProgression(completed: number[]): UserProgression {
  const sorted = [...completed].sort((a, b) => a - b);
  let next: number | null = null;
  for (let week = 1; week <= TOTAL_WEEKS; week += 1) {
    if (!sorted.includes(week)) {
      next = week;
      break;
    }
  }
  return {
    totalCompleted: sorted.length,
    progressPercentage: (sorted.length / TOTAL_WEEKS) * 100,
    completedWeeks: sorted,
    nextWeek: next,
  };
}
