import { MILESTONES } from '../../../shared/constants';
import type { ProgressRecord, UserProgression } from '../../../shared/progress-schemas';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whole days from `now` until the wedding date (`YYYY-MM-DD`, read as local midnight), rounded up
 * and floored at 0 (SPEC section 9); null without a date or with an unreadable one.
 */
export function daysUntilWedding(weddingDate: string | null, now: Date = new Date()): number | null {
  if (!weddingDate) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(weddingDate);
  if (!match) return null;
  const wedding = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (Number.isNaN(wedding.getTime())) return null;
  return Math.max(0, Math.ceil((wedding.getTime() - now.getTime()) / DAY_MS));
}

/** The header's countdown sentence for a day count. */
export function weddingCountdownText(days: number): string {
  if (days === 0) return 'Your wedding day is here!';
  if (days === 1) return '1 day until your wedding';
  return `${days.toLocaleString('en-US')} days until your wedding`;
}

export interface MilestoneStatus {
  week: number;
  title: string;
  reached: boolean;
  /** Weeks still to complete before this milestone (0 once reached). */
  weeksToGo: number;
}

/** The four milestones of SPEC section 9, each reached once that many weeks are completed. */
export function milestoneStatuses(totalCompleted: number): MilestoneStatus[] {
  return MILESTONES.map((milestone) => ({
    week: milestone.week,
    title: milestone.title,
    reached: totalCompleted >= milestone.week,
    weeksToGo: Math.max(0, milestone.week - totalCompleted),
  }));
}

/** The first milestone not reached yet, or null when all are. */
export function nextMilestone(totalCompleted: number): MilestoneStatus | null {
  return milestoneStatuses(totalCompleted).find((milestone) => !milestone.reached) ?? null;
}

/** Consistency score (SPEC section 9): the progress percentage, rounded. */
export function consistencyScore(progressPercentage: number): number {
  return Math.round(progressPercentage);
}

/** The mean of the couple's own week ratings, to one decimal; null when no week is rated. */
export function averageRating(records: readonly ProgressRecord[]): number | null {
  const ratings = records.map((record) => record.rating).filter((rating): rating is number => rating !== null);
  if (ratings.length === 0) return null;
  const mean = ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length;
  return Math.round(mean * 10) / 10;
}

/** The weekly ratings in week order, for the growth chart. */
export function ratedWeeks(records: readonly ProgressRecord[]): { weekNumber: number; rating: number }[] {
  return records
    .filter((record): record is ProgressRecord & { rating: number } => record.rating !== null)
    .map(({ weekNumber, rating }) => ({ weekNumber, rating }))
    .sort((a, b) => a.weekNumber - b.weekNumber);
}

/** One week of the journey map as the server describes it (frameworks with access). */
export interface WeekAccess {
  weekNumber: number;
  title: string;
  description: string;
  hasFramework: boolean;
  isUnlocked: boolean;
}

export type WeekState = 'completed' | 'next' | 'available' | 'coming-soon' | 'locked';

export const WEEK_STATE_LABELS: Record<WeekState, string> = {
  completed: 'Completed',
  next: 'Up next',
  available: 'Available',
  'coming-soon': 'Coming soon',
  locked: 'Locked',
};

/**
 * The map state of one week (SPEC section 4): completed; otherwise locked unless the server says
 * it is unlocked; the next week to do (when its framework is there); available (unlocked with a
 * framework); coming soon (unlocked, no framework yet).
 */
export function weekState(week: WeekAccess, progression: Pick<UserProgression, 'completedWeeks' | 'nextWeek'>): WeekState {
  if (progression.completedWeeks.includes(week.weekNumber)) return 'completed';
  if (!week.isUnlocked) return 'locked';
  if (!week.hasFramework) return 'coming-soon';
  if (week.weekNumber === progression.nextWeek) return 'next';
  return 'available';
}

/** A week's display title: its framework title, or "Week N" while none is uploaded. */
export function weekTitle(week: Pick<WeekAccess, 'weekNumber' | 'title'>): string {
  return week.title.trim() || `Week ${week.weekNumber}`;
}

/** The framework's own title, or null when the server only has a "Week N" placeholder. */
function ownTitle(week: Pick<WeekAccess, 'weekNumber' | 'title'>): string | null {
  const title = week.title.trim();
  return title && title !== `Week ${week.weekNumber}` ? title : null;
}

/** Why a week is locked: the previous week is open but not done, or it lies beyond the trial. */
export function lockReason(weekNumber: number, completedWeeks: readonly number[], weekLimit: number): 'previous-week' | 'trial' {
  const previousDone = weekNumber === 1 || completedWeeks.includes(weekNumber - 1);
  return previousDone && weekNumber > weekLimit ? 'trial' : 'previous-week';
}

/** The accessible name of a week button on the map. */
export function weekAriaLabel(week: WeekAccess, state: WeekState, options: { selected?: boolean; beyondTrial?: boolean } = {}): string {
  const title = ownTitle(week);
  const name = title ? `Week ${week.weekNumber}: ${title}` : `Week ${week.weekNumber}`;
  const detail: Record<WeekState, string> = {
    completed: 'completed',
    next: 'up next, available',
    available: 'available',
    'coming-soon': 'coming soon, framework not uploaded yet',
    locked: options.beyondTrial
      ? 'locked, part of the full course'
      : `locked, complete week ${week.weekNumber - 1} to unlock`,
  };
  return `${name}, ${detail[state]}${options.selected ? ', selected' : ''}`;
}

/** Weeks the couple may open now: unlocked with a framework. */
export function availableFrameworkCount(weeks: readonly WeekAccess[]): number {
  return weeks.filter((week) => week.isUnlocked && week.hasFramework).length;
}

/** Splits the 52 weeks into the four phases' rows of 13 (whatever the server sent, in order). */
export function weeksInRange(weeks: readonly WeekAccess[], firstWeek: number, lastWeek: number): WeekAccess[] {
  return weeks.filter((week) => week.weekNumber >= firstWeek && week.weekNumber <= lastWeek).sort((a, b) => a.weekNumber - b.weekNumber);
}

