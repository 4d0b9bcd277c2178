import { TOTAL_WEEKS } from './constants';

/*
 * The plan paced to the wedding (docs/product.md#paced-plan, decision 0250): pure functions on
 * calendar dates (`YYYY-MM-DD` strings, days counted in UTC so no clock or zone leaks in). The
 * server turns "now" into the couple's calendar day in their time zone before calling them.
 */

/**
 * The core weeks shipped by default (decision 0250): the weeks a couple most needs before the
 * wedding - listening and speaking, conflict and repair, expectations, trust, intimacy, family,
 * money, children, faith and values, the shared load, and commitment and vows. The seller can
 * change the set in the content editor.
 */
export const DEFAULT_CORE_WEEKS: readonly number[] = [1, 2, 6, 7, 10, 12, 15, 22, 23, 27, 29, 32, 34, 36, 51, 52];

export const PACES = [1, 2, 3] as const;
export type Pace = (typeof PACES)[number];

/** A finish date further away than this is refused when chosen, and planned week by week when it is the wedding date. */
export const MAX_PLAN_DAYS = 3 * 366;

/** The longest break the couple may plan, in days from today. */
export const MAX_PAUSE_DAYS = 366;

export const FINISH_NOT_AFTER_TODAY = 'Choose a finish date after today.';
export const FINISH_TOO_FAR = 'Choose a finish date within three years.';
export const PAUSE_NOT_AFTER_TODAY = 'Choose a day after today to come back, or leave the break open.';
export const PAUSE_TOO_LONG = 'A break can last up to a year; leave it open if you are not sure.';

/**
 * Why a chosen finish date is refused (after today, within MAX_PLAN_DAYS), or null: the server's
 * rule (a 400), and the dashboard's before it asks for a preview.
 */
export function finishDateProblem(finishDate: string, today: string): string | null {
  const days = dayNumber(finishDate) - dayNumber(today);
  if (days <= 0) return FINISH_NOT_AFTER_TODAY;
  if (days > MAX_PLAN_DAYS) return FINISH_TOO_FAR;
  return null;
}

/** Why a break's end day is refused (after today, within MAX_PAUSE_DAYS), or null. */
export function pauseUntilProblem(until: string, today: string): string | null {
  const days = dayNumber(until) - dayNumber(today);
  if (days <= 0) return PAUSE_NOT_AFTER_TODAY;
  if (days > MAX_PAUSE_DAYS) return PAUSE_TOO_LONG;
  return null;
}

/** Days of each 7-day block of the plan a session falls on, by sessions per week. */
const SESSION_DAYS: Record<Pace, readonly number[]> = { 1: [0], 2: [0, 3], 3: [0, 2, 4] };

/** The weeks after the wedding start this many days after it (a honeymoon's worth), one a week. */
export const AFTER_WEDDING_GAP_DAYS = 14;

const DAY_MS = 86_400_000;

export function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return dateOfDay(dayNumber(date) + days);
}

/**
 * The order the plan opens weeks in. The course order (1..52) unless the plan is a core path:
 * then week 1, the other core weeks ascending, then the rest ascending. The unlock rule
 * (shared/unlock.ts) lets a week open when its predecessor in this order is completed.
 */
export function planOrder(corePath: boolean, coreWeeks: readonly number[]): number[] {
  const all = Array.from({ length: TOTAL_WEEKS }, (_, index) => index + 1);
  if (!corePath) return all;
  const core = new Set([1, ...coreWeeks.filter((week) => week >= 1 && week <= TOTAL_WEEKS)]);
  return [...all.filter((week) => core.has(week)), ...all.filter((week) => !core.has(week))];
}

export type PlanKind = 'weekly' | 'faster' | 'core-path' | 'after-wedding' | 'no-date';

export interface PlannedSession {
  weekNumber: number;
  /** `YYYY-MM-DD` in the couple's time zone. */
  date: string;
  /** True for a session planned after the finish date (the core path's "first year of marriage"). */
  afterFinish: boolean;
}

export interface PlanChoice {
  /** Sessions a week the couple chose; null: the plan picks the slowest pace that fits. */
  pace: Pace | null;
  /** Core weeks first; null: only when even three sessions a week cannot fit the rest. */
  corePath: boolean | null;
}

export interface PlanInput {
  /** The first day of the plan (today in the couple's zone). */
  start: string;
  /** The wedding or chosen finish date; null: no date. */
  finish: string | null;
  completedWeeks: readonly number[];
  coreWeeks: readonly number[];
  choice?: PlanChoice;
}

export interface Plan {
  kind: PlanKind;
  pace: Pace;
  corePath: boolean;
  /** The core weeks the plan was made with (its order on the core path). */
  coreWeeks: number[];
  start: string;
  finish: string | null;
  sessions: PlannedSession[];
  /** Sessions planned before the finish date. */
  beforeFinish: number;
}

/** Session `index` (0-based) at `pace` sessions a week from `start`, as a day number. */
function sessionDay(startDay: number, pace: Pace, index: number): number {
  const days = SESSION_DAYS[pace];
  return startDay + Math.floor(index / pace) * 7 + days[index % pace]!;
}

/** How many sessions at `pace` fall strictly before `finishDay`. */
export function slotsBefore(startDay: number, finishDay: number, pace: Pace): number {
  if (finishDay <= startDay) return 0;
  const fullBlocks = Math.floor((finishDay - startDay) / 7);
  const rest = (finishDay - startDay) % 7;
  return fullBlocks * pace + SESSION_DAYS[pace].filter((day) => day < rest).length;
}

/**
 * The plan for the weeks not yet completed: one week a week when there is time; two or three
 * sessions a week when not; when even three do not fit, the core path (core weeks first, three a
 * week, the rest one a week after the wedding). No date, a date today or past, or a date more than
 * MAX_PLAN_DAYS away: one week a week.
 */
export function computePlan(input: PlanInput): Plan {
  const completed = new Set(input.completedWeeks);
  const startDay = dayNumber(input.start);
  const finishDay = input.finish === null ? null : dayNumber(input.finish);
  const choice = input.choice ?? { pace: null, corePath: null };
  const remainingCount = TOTAL_WEEKS - [...completed].filter((week) => week >= 1 && week <= TOTAL_WEEKS).length;

  let kind: PlanKind;
  let pace: Pace;
  let corePath: boolean;
  if (finishDay === null || finishDay <= startDay || finishDay - startDay > MAX_PLAN_DAYS) {
    kind = finishDay === null || finishDay - startDay > MAX_PLAN_DAYS ? 'no-date' : 'after-wedding';
    pace = choice.pace ?? 1;
    corePath = choice.corePath ?? false;
  } else {
    const fitting = PACES.find((candidate) => slotsBefore(startDay, finishDay, candidate) >= remainingCount);
    pace = choice.pace ?? fitting ?? 3;
    corePath = choice.corePath ?? fitting === undefined;
    kind = corePath ? 'core-path' : pace === 1 ? 'weekly' : 'faster';
  }

  const order = planOrder(corePath, input.coreWeeks).filter((week) => !completed.has(week));
  const sessions: PlannedSession[] = [];
  let afterIndex = 0;
  order.forEach((weekNumber, index) => {
    const day = sessionDay(startDay, pace, index);
    if (finishDay !== null && corePath && day >= finishDay && finishDay > startDay) {
      // The core path's rest: one a week, from a fortnight after the wedding.
      sessions.push({
        weekNumber,
        date: dateOfDay(Math.max(finishDay + AFTER_WEDDING_GAP_DAYS, startDay) + afterIndex * 7),
        afterFinish: true,
      });
      afterIndex += 1;
      return;
    }
    sessions.push({ weekNumber, date: dateOfDay(day), afterFinish: finishDay !== null && day >= finishDay });
  });
  return {
    kind,
    pace,
    corePath,
    coreWeeks: [...input.coreWeeks].sort((a, b) => a - b),
    start: input.start,
    finish: input.finish,
    sessions,
    beforeFinish: sessions.filter((session) => !session.afterFinish).length,
  };
}

export interface PlanStanding {
  /** The plan's week the day falls in (1 on the first 7 days), at least 1. */
  planWeek: number;
  /** Sessions planned before the day (today's is not late yet). */
  due: number;
  /** Of the plan's weeks, those completed. */
  done: number;
  /** max(0, due - done). */
  behind: number;
  /** The first week of the plan's order not completed, or null. */
  nextWeek: number | null;
  /** Its planned date, or null. */
  nextDate: string | null;
}

/** Where the couple stands on `day` against an accepted plan. */
export function planStanding(
  plan: Pick<Plan, 'start' | 'sessions'>,
  completedWeeks: readonly number[],
  day: string,
): PlanStanding {
  const completed = new Set(completedWeeks);
  const today = dayNumber(day);
  const due = plan.sessions.filter((session) => dayNumber(session.date) < today).length;
  const done = plan.sessions.filter((session) => completed.has(session.weekNumber)).length;
  const next = plan.sessions.find((session) => !completed.has(session.weekNumber)) ?? null;
  return {
    planWeek: Math.max(1, Math.floor((today - dayNumber(plan.start)) / 7) + 1),
    due,
    done,
    behind: Math.max(0, due - done),
    nextWeek: next?.weekNumber ?? null,
    nextDate: next?.date ?? null,
  };
}
