import type { WeeklyStreak } from '../../../shared/progress-schemas';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One formatter per zone (the zones are the runtime's own, a few hundred at most). */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The ISO calendar week (Monday to Sunday) an instant falls in, on the wall calendar of
 * `timeZone`, as a running number: consecutive weeks have consecutive numbers, across year ends
 * too (the week of Monday 29 December 1969 is 0). Counting weeks this way needs no ISO week-year
 * arithmetic: a year with 53 ISO weeks is just 53 consecutive numbers.
 */
export function calendarWeekIndex(instant: Date, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((item) => item.type === type)?.value);
  const day = Math.round(Date.UTC(part('year'), part('month') - 1, part('day')) / DAY_MS);
  // Day 0 (1 January 1970) was a Thursday: shifting by 3 makes every week start on a Monday.
  return Math.floor((day + 3) / 7);
}

/** A break the couple took (their plan paused): its calendar weeks neither count nor break the streak. */
export interface StreakPause {
  startedAt: string;
  /** Null while the break goes on. */
  endedAt: string | null;
}

/**
 * The weekly streak (docs/product.md#weekly-streak) from the times the couple completed weeks:
 * the calendar weeks with at least one completion (several in one week count once), the longest
 * run of consecutive ones, and the run that is still alive now: it ends this week, or last week
 * while this week has no completion yet (a streak breaks only once a whole calendar week passes
 * without one). The calendar weeks of a pause without a completion are frozen (decision 0251):
 * they are left out of the count, so a break neither breaks nor lengthens a streak.
 */
export function weeklyStreak(
  completedAt: readonly string[],
  timeZone: string,
  now: Date,
  pauses: readonly StreakPause[] = [],
): WeeklyStreak {
  const actualWeeks = new Set(completedAt.map((time) => calendarWeekIndex(new Date(time), timeZone)));
  const frozen: number[] = [];
  for (const pause of pauses) {
    const first = calendarWeekIndex(new Date(pause.startedAt), timeZone);
    const last = calendarWeekIndex(pause.endedAt === null ? now : new Date(pause.endedAt), timeZone);
    for (let week = first; week <= last; week += 1) if (!actualWeeks.has(week)) frozen.push(week);
  }
  const frozenSorted = [...new Set(frozen)].sort((a, b) => a - b);
  /** The week's index with the frozen weeks before it taken out (a frozen week maps onto the next one). */
  const effective = (week: number) => {
    let before = 0;
    for (const frozenWeek of frozenSorted) {
      if (frozenWeek >= week) break;
      before += 1;
    }
    return week - before;
  };
  const weeks = [...new Set([...actualWeeks].map(effective))].sort((a, b) => a - b);
  let bestStreak = 0;
  let run = 0;
  weeks.forEach((week, index) => {
    run = index > 0 && week === weeks[index - 1]! + 1 ? run + 1 : 1;
    bestStreak = Math.max(bestStreak, run);
  });

  const thisWeek = effective(calendarWeekIndex(now, timeZone));
  const done = new Set(weeks);
  const completedThisWeek = done.has(thisWeek);
  let currentStreak = 0;
  for (let week = completedThisWeek ? thisWeek : thisWeek - 1; done.has(week); week -= 1) currentStreak += 1;
  return { currentStreak, bestStreak, completedThisWeek, timeZone };
}
