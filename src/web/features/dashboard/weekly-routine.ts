import { MILESTONES } from '../../../shared/constants';
import type { ProgressRecord, UserProgression } from '../../../shared/progress-schemas';
import type { WeekAccess } from './dashboard-logic';

/**
 * What the dashboard offers to do now (docs/product.md#weekly-routine), from the server's week list:
 * continue the current week (the first unlocked week not completed yet); wait for it when its
 * framework is not uploaded; celebrate when all 52 are done; or nothing (a trial whose weeks are
 * all completed: the trial notice says what comes next).
 */
export type NextStep =
  | { kind: 'continue'; week: WeekAccess }
  | { kind: 'coming-soon'; week: WeekAccess }
  | { kind: 'finished' }
  | { kind: 'trial-end' };

export function nextStep(weeks: readonly WeekAccess[]): NextStep {
  // The server marks the plan's next week 'next' (a core path may skip weeks, decision 0250).
  const current =
    weeks.find((week) => week.state === 'next') ??
    [...weeks]
      .sort((a, b) => a.weekNumber - b.weekNumber)
      .find((week) => week.isUnlocked && week.state !== 'completed');
  if (current)
    return current.state === 'coming-soon'
      ? { kind: 'coming-soon', week: current }
      : { kind: 'continue', week: current };
  return weeks.length > 0 && weeks.every((week) => week.state === 'completed')
    ? { kind: 'finished' }
    : { kind: 'trial-end' };
}

/** Whether a week can be opened on the dashboard now: unlocked and with a framework (not coming soon). */
export function canOpenWeek(week: WeekAccess | undefined): week is WeekAccess {
  return week !== undefined && week.state !== 'locked' && week.state !== 'coming-soon';
}

export type Milestone = (typeof MILESTONES)[number];

/**
 * The milestone a completion reaches, or null: the week was not completed before (completing twice
 * keeps the first date and celebrates nothing) and the new count of completed weeks is a milestone.
 * `before` is the progression as it was when the couple pressed Mark Complete.
 */
export function milestoneReached(before: UserProgression | undefined, record: ProgressRecord): Milestone | null {
  if (!before || record.completedAt === null || before.completedWeeks.includes(record.weekNumber)) return null;
  const total = before.totalCompleted + 1;
  return MILESTONES.find((milestone) => milestone.week === total) ?? null;
}
