import { TOTAL_WEEKS } from '../../../shared/constants';
import type { UserProgression } from '../../../shared/progress-schemas';
import type { WeekAccess } from './dashboard-logic';

/** 52 weeks as the server would describe them for a couple who completed `completed`. */
export function makeWeeks(options: { completed: number[]; withFramework: number[]; weekLimit?: number }): WeekAccess[] {
  const done = new Set(options.completed);
  const limit = options.weekLimit ?? TOTAL_WEEKS;
  return Array.from({ length: TOTAL_WEEKS }, (_, index) => {
    const weekNumber = index + 1;
    const hasFramework = options.withFramework.includes(weekNumber);
    const isUnlocked = done.has(weekNumber) || (weekNumber <= limit && (weekNumber === 1 || done.has(weekNumber - 1)));
    return {
      weekNumber,
      title: hasFramework ? `Framework ${weekNumber}` : '',
      description: hasFramework ? `About week ${weekNumber}` : '',
      hasFramework,
      isUnlocked,
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
  return { totalCompleted: sorted.length, progressPercentage: (sorted.length / TOTAL_WEEKS) * 100, completedWeeks: sorted, nextWeek: next };
}
