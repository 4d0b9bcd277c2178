import { MILESTONES } from '../../../shared/constants';
import type { FrameworkWithAccess, WeekState } from '../../../shared/frameworks-schemas';
import type { ProgressRecord } from '../../../shared/progress-schemas';
import type { MessageId } from '../../../shared/i18n/locales';
import { activeLocale, translate } from '../../i18n/i18n';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whole days from `now` until the wedding date (`YYYY-MM-DD`, read as local midnight), rounded up
 * and floored at 0 (docs/product.md#business-constants); null without a date or with an unreadable
 * one.
 */
export function daysUntilWedding(weddingDate: string | null, now: Date = new Date()): number | null {
  if (!weddingDate) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(weddingDate);
  if (!match) return null;
  const wedding = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (Number.isNaN(wedding.getTime())) return null;
  return Math.max(0, Math.ceil((wedding.getTime() - now.getTime()) / DAY_MS));
}

/**
 * Whole calendar days since the wedding date (local dates, so a daylight-saving change never
 * shifts it): 0 on the day itself and before it; null without a date or with an unreadable one.
 */
export function daysSinceWedding(weddingDate: string | null, now: Date = new Date()): number | null {
  const match = weddingDate ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(weddingDate) : null;
  if (!match) return null;
  const wedding = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  if (Number.isNaN(wedding)) return null;
  return Math.max(0, Math.round((today - wedding) / DAY_MS));
}

/**
 * The header's wedding sentence (docs/product.md#business-constants): the countdown before the
 * day, "here" on the day, and afterwards how long ago it was (not "here" for ever).
 */
export function weddingBadgeText(weddingDate: string | null, now: Date = new Date()): string | null {
  const since = daysSinceWedding(weddingDate, now);
  if (since === null) return null;
  if (since > 0) return translate('dashboard.wedding.married', { count: since });
  const days = daysUntilWedding(weddingDate, now);
  return days === null ? null : weddingCountdownText(days);
}

/** The header's countdown sentence for a day count. */
export function weddingCountdownText(days: number): string {
  if (days === 0) return translate('dashboard.wedding.today');
  return translate('dashboard.wedding.countdown', { count: days });
}

export interface MilestoneStatus {
  week: number;
  title: string;
  reached: boolean;
  /** Weeks still to complete before this milestone (0 once reached). */
  weeksToGo: number;
}

/**
 * The four milestones of docs/product.md#business-constants, each reached once that many weeks are
 * completed.
 */
export function milestoneStatuses(totalCompleted: number): MilestoneStatus[] {
  return MILESTONES.map((milestone) => ({
    week: milestone.week,
    title: milestoneTitle(milestone.week),
    reached: totalCompleted >= milestone.week,
    weeksToGo: Math.max(0, milestone.week - totalCompleted),
  }));
}

/** A milestone's name in the page's language (MILESTONES keeps the English one for the server). */
export function milestoneTitle(week: number): string {
  return translate(`dashboard.milestone.${week}.title` as MessageId);
}

/** The first milestone not reached yet, or null when all are. */
export function nextMilestone(totalCompleted: number): MilestoneStatus | null {
  return milestoneStatuses(totalCompleted).find((milestone) => !milestone.reached) ?? null;
}

/** Consistency score (docs/product.md#business-constants): the progress percentage, rounded. */
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

/**
 * One week of the journey map exactly as the server sends it (frameworks.withAccess): its state on
 * the map, why it is locked and the sentence to show are the server's; the page never works them
 * out from the progression or the access level.
 */
export type WeekAccess = FrameworkWithAccess;
export type { WeekState };

/** A week state as it is written in message ids ('coming-soon' -> 'comingSoon'). */
const STATE_KEY: Record<WeekState, string> = {
  completed: 'completed',
  next: 'next',
  available: 'available',
  'coming-soon': 'comingSoon',
  locked: 'locked',
};

/** A week state's name in the legend. */
export function weekStateLabel(state: WeekState): string {
  return translate(`dashboard.weekState.${STATE_KEY[state]}` as MessageId);
}

/**
 * A week's display title: its framework title, or "Week N" in the page's language while it has none
 * (the server's English placeholder is not shown as it is).
 */
export function weekTitle(week: Pick<WeekAccess, 'weekNumber' | 'title'>): string {
  return ownTitle(week) ?? translate('dashboard.week.name', { week: week.weekNumber });
}

/** The framework's own title, or null when the server only has a "Week N" placeholder. */
export function ownTitle(week: Pick<WeekAccess, 'weekNumber' | 'title'>): string | null {
  const title = week.title.trim();
  return title && title !== `Week ${week.weekNumber}` ? title : null;
}

/** The accessible name of a week button on the map, from the server's state and lock reason. */
export function weekAriaLabel(week: WeekAccess, options: { selected?: boolean } = {}): string {
  const title = ownTitle(week);
  const name = title
    ? translate('dashboard.week.nameWithTitle', { week: week.weekNumber, title })
    : translate('dashboard.week.name', { week: week.weekNumber });
  return translate('dashboard.weekLabel.full', {
    name,
    detail: weekStateDetail(week),
    selected: options.selected ? 'yes' : 'no',
  });
}

/** What a week button's name says of its state ("completed", "locked, complete week 6 to unlock"). */
export function weekStateDetail(week: Pick<WeekAccess, 'weekNumber' | 'state' | 'lockReason'>): string {
  return week.state === 'locked'
    ? week.lockReason === 'trial-limit'
      ? translate('dashboard.weekLabel.lockedTrial')
      : translate('dashboard.weekLabel.locked', { previous: week.weekNumber - 1 })
    : translate(`dashboard.weekLabel.${STATE_KEY[week.state]}` as MessageId);
}

/**
 * The sentence for a week that cannot be opened now: the server's own `notice` in English (it is
 * the one source of those sentences); in another language the same sentence from the catalog, by
 * the week's state and lock reason the server sent.
 */
export function weekNotice(week: WeekAccess): string | undefined {
  if (!week.notice) return undefined;
  if (activeLocale() === 'en') return week.notice;
  const kind =
    week.state === 'coming-soon'
      ? 'comingSoon'
      : week.lockReason === 'trial-limit'
        ? 'trialLimit'
        : week.lockReason === 'previous-week'
          ? 'previousWeek'
          : null;
  if (!kind) return week.notice;
  return translate(`dashboard.notice.${kind}` as MessageId, { week: week.weekNumber, previous: week.weekNumber - 1 });
}

/** Weeks the couple may open now: unlocked with a framework. */
export function availableFrameworkCount(weeks: readonly WeekAccess[]): number {
  return weeks.filter((week) => week.isUnlocked && week.hasFramework).length;
}

/** Splits the 52 weeks into the four phases' rows of 13 (whatever the server sent, in order). */
export function weeksInRange(weeks: readonly WeekAccess[], firstWeek: number, lastWeek: number): WeekAccess[] {
  return weeks
    .filter((week) => week.weekNumber >= firstWeek && week.weekNumber <= lastWeek)
    .sort((a, b) => a.weekNumber - b.weekNumber);
}
