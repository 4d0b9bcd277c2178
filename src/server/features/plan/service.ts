import { createHmac, randomBytes } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { AppError } from '../../../shared/errors';
import {
  computePlan,
  dayNumber,
  finishDateProblem,
  type Pace,
  type Plan,
  type PlanChoice,
  type PlanStanding,
  pauseUntilProblem,
  planStanding,
} from '../../../shared/plan';
import type { PlanChoiceInput } from '../../../shared/plan-schemas';
import type { AppDeps } from '../../deps/app-deps';
import type { CoupleAuth } from '../auth/access';
import { completedWeeks } from '../progress/unlock';
import { currentCoreWeeks, parsePlan } from './order';
import * as repo from './repo';

type Couple = Pick<CoupleAuth, 'coupleId'>;

export const DEFAULT_TIME_ZONE = 'UTC';

/** The calendar day of `now` in `timeZone`, `YYYY-MM-DD` (daylight saving by @date-fns/tz, decision 0252). */
export function dayIn(timeZone: string, now: Date): string {
  const local = new TZDate(now.getTime(), timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

export interface PlanOverview {
  /** The couple's id (the REST paths' {userId}, e.g. for "Add to calendar"). */
  coupleId: number;
  timeZone: string;
  today: string;
  weddingDate: string | null;
  /** What the plan would be from today with the couple's choices (or the plan's own). */
  proposal: Plan;
  /** The plan the couple accepted, or null. */
  accepted: (Plan & { choice: PlanChoice & { finishDate: string | null } }) | null;
  standing: PlanStanding | null;
  paused: { since: string; until: string | null } | null;
  hasCalendarFeed: boolean;
}

function choiceOf(row: repo.StoredPlan): PlanChoice & { finishDate: string | null } {
  return {
    finishDate: row.finishDate,
    pace: (row.pace as Pace | null) ?? null,
    corePath: row.corePath === null ? null : row.corePath === 1,
  };
}

async function coupleRow(deps: AppDeps, coupleId: number) {
  const couple = await repo.findCoupleForPlan(deps.db, coupleId);
  if (!couple) throw new AppError('NOT_FOUND', 'Couple not found');
  return couple;
}

/** The finish date to plan to: a chosen one, or the wedding date. */
function finishOf(choiceFinish: string | null | undefined, weddingDate: string | null): string | null {
  return choiceFinish ?? weddingDate;
}

/** A chosen finish date must lie after today and within MAX_PLAN_DAYS (400 otherwise, nothing changes). */
function assertChosenFinish(finishDate: string | null | undefined, today: string): void {
  if (finishDate === null || finishDate === undefined) return;
  const problem = finishDateProblem(finishDate, today);
  if (problem) throw new AppError('BAD_REQUEST', problem);
}

async function planFrom(
  deps: AppDeps,
  couple: Couple,
  today: string,
  weddingDate: string | null,
  choice: PlanChoiceInput,
): Promise<Plan> {
  const [done, core] = await Promise.all([completedWeeks(deps, couple.coupleId), currentCoreWeeks(deps)]);
  return computePlan({
    start: today,
    finish: finishOf(choice.finishDate, weddingDate),
    completedWeeks: [...done],
    coreWeeks: core,
    choice: { pace: choice.pace ?? null, corePath: choice.corePath ?? null },
  });
}

/**
 * The couple's plan: the proposal from today, the accepted plan with where they stand, and the
 * pause. A pause whose end date has come is ended here first (and the plan recomputed), so the
 * couple, the reminders and the feed all see it over.
 */
export async function getPlanOverview(
  deps: AppDeps,
  couple: Couple,
  now: Date = new Date(),
  preview: PlanChoiceInput | null = null,
): Promise<PlanOverview> {
  await resumeIfDue(deps, couple.coupleId, now);
  const profile = await coupleRow(deps, couple.coupleId);
  const timeZone = profile.timeZone ?? DEFAULT_TIME_ZONE;
  const today = dayIn(timeZone, now);
  const row = await repo.findPlanRow(deps.db, couple.coupleId);
  if (preview) assertChosenFinish(preview.finishDate, today);
  const choice = preview ?? (row ? choiceOf(row) : {});
  const proposal = await planFrom(deps, couple, today, profile.weddingDate, choice);
  let accepted: PlanOverview['accepted'] = null;
  let standing: PlanStanding | null = null;
  if (row) {
    accepted = { ...parsePlan(row.plan), choice: choiceOf(row) };
    const done = [...(await completedWeeks(deps, couple.coupleId))];
    // A pause freezes the plan: the standing is the one of the day the pause began.
    const asOf = row.pausedAt ? dayIn(timeZone, new Date(row.pausedAt)) : today;
    standing = planStanding(accepted, done, asOf);
  }
  return {
    coupleId: couple.coupleId,
    timeZone,
    today,
    weddingDate: profile.weddingDate,
    proposal,
    accepted,
    standing,
    paused: row?.pausedAt ? { since: row.pausedAt, until: row.pausedUntil } : null,
    hasCalendarFeed: row?.hasCalendar ?? false,
  };
}

/** Accepts the plan from today with these choices (recomputed on the server, never taken from the client). */
export async function acceptPlan(
  deps: AppDeps,
  couple: Couple,
  choice: PlanChoiceInput,
  now: Date = new Date(),
): Promise<PlanOverview> {
  const profile = await coupleRow(deps, couple.coupleId);
  const today = dayIn(profile.timeZone ?? DEFAULT_TIME_ZONE, now);
  assertChosenFinish(choice.finishDate, today);
  const existing = await repo.findPlanRow(deps.db, couple.coupleId);
  if (existing?.pausedAt) throw new AppError('CONFLICT', 'Your plan is paused: resume it before changing it.');
  const plan = await planFrom(deps, couple, today, profile.weddingDate, choice);
  await repo.upsertPlan(deps.db, {
    coupleId: couple.coupleId,
    finishDate: choice.finishDate ?? null,
    pace: choice.pace ?? null,
    corePath: choice.corePath === undefined || choice.corePath === null ? null : choice.corePath ? 1 : 0,
    plan: JSON.stringify(plan),
    acceptedAt: now.toISOString(),
  });
  return getPlanOverview(deps, couple, now);
}

/** Pauses the plan until a day (after today, within a year) or open-ended: reminders stop, the streak and the plan freeze. */
export async function pausePlan(
  deps: AppDeps,
  couple: Couple,
  until: string | null,
  now: Date = new Date(),
): Promise<PlanOverview> {
  const profile = await coupleRow(deps, couple.coupleId);
  const today = dayIn(profile.timeZone ?? DEFAULT_TIME_ZONE, now);
  const problem = until === null ? null : pauseUntilProblem(until, today);
  if (problem) throw new AppError('BAD_REQUEST', problem);
  const row = await repo.findPlanRow(deps.db, couple.coupleId);
  if (!row) throw new AppError('CONFLICT', 'Accept a plan before pausing it.');
  if (row.pausedAt) throw new AppError('CONFLICT', 'Your plan is already paused.');
  await repo.startPause(deps.db, couple.coupleId, now.toISOString(), until);
  return getPlanOverview(deps, couple, now);
}

async function recomputeAndResume(deps: AppDeps, coupleId: number, row: repo.StoredPlan, now: Date): Promise<void> {
  const profile = await coupleRow(deps, coupleId);
  const today = dayIn(profile.timeZone ?? DEFAULT_TIME_ZONE, now);
  const choice = choiceOf(row);
  // A chosen finish date that has passed during the break no longer binds: plan to the wedding date.
  if (choice.finishDate !== null && dayNumber(choice.finishDate) <= dayNumber(today)) choice.finishDate = null;
  const plan = await planFrom(deps, { coupleId }, today, profile.weddingDate, choice);
  await repo.endPause(deps.db, coupleId, now.toISOString(), JSON.stringify(plan));
}

/** Ends the pause now and recomputes the plan from today. */
export async function resumePlan(deps: AppDeps, couple: Couple, now: Date = new Date()): Promise<PlanOverview> {
  const row = await repo.findPlanRow(deps.db, couple.coupleId);
  if (!row?.pausedAt) throw new AppError('CONFLICT', 'Your plan is not paused.');
  await recomputeAndResume(deps, couple.coupleId, row, now);
  return getPlanOverview(deps, couple, now);
}

/** Ends a pause whose end date has come (the day it names, in the couple's zone); true when it did. */
export async function resumeIfDue(deps: AppDeps, coupleId: number, now: Date = new Date()): Promise<boolean> {
  const row = await repo.findPlanRow(deps.db, coupleId);
  if (!row?.pausedAt || row.pausedUntil === null) return false;
  const profile = await coupleRow(deps, coupleId);
  const today = dayIn(profile.timeZone ?? DEFAULT_TIME_ZONE, now);
  if (dayNumber(today) < dayNumber(row.pausedUntil)) return false;
  await recomputeAndResume(deps, coupleId, row, now);
  return true;
}

/** Stores the couple's IANA time zone (validated by the schema). */
export async function setTimeZone(deps: AppDeps, couple: Couple, timeZone: string): Promise<{ timeZone: string }> {
  await repo.setTimeZone(deps.db, couple.coupleId, timeZone);
  return { timeZone };
}

function calendarTokenHash(deps: AppDeps, token: string): string {
  return createHmac('sha256', deps.accessCodeKey).update(`calendar-feed:${token}`).digest('base64url');
}

export function calendarFeedPath(token: string): string {
  return `/api/calendar/${token}.ics`;
}

/**
 * A new private calendar feed address (the old one, if any, stops working). The token is 32
 * random bytes; only its keyed hash is stored, so the address is shown once.
 */
export async function createCalendarFeed(deps: AppDeps, couple: Couple): Promise<{ url: string }> {
  const token = randomBytes(32).toString('base64url');
  const updated = await repo.setCalendarTokenHash(deps.db, couple.coupleId, calendarTokenHash(deps, token));
  if (updated === 0) throw new AppError('CONFLICT', 'Accept a plan before adding it to a calendar.');
  return { url: `${deps.config.publicUrl.replace(/\/$/, '')}${calendarFeedPath(token)}` };
}

/** Revokes the feed: its address answers 404 from now on. */
export async function revokeCalendarFeed(deps: AppDeps, couple: Couple): Promise<{ revoked: true }> {
  await repo.setCalendarTokenHash(deps.db, couple.coupleId, null);
  return { revoked: true };
}

/** The plan behind a feed token, or a 404 (unknown, revoked, malformed). */
export async function findCalendarPlan(deps: AppDeps, token: string) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw new AppError('NOT_FOUND', 'No such calendar.');
  const row = await repo.findPlanByCalendarTokenHash(deps.db, calendarTokenHash(deps, token));
  if (!row) throw new AppError('NOT_FOUND', 'No such calendar.');
  await resumeIfDue(deps, row.coupleId);
  const fresh = await repo.findPlanRow(deps.db, row.coupleId);
  return {
    coupleId: row.coupleId,
    plan: parsePlan(fresh?.plan ?? row.plan),
    paused: Boolean(fresh?.pausedAt),
    timeZone: row.timeZone ?? DEFAULT_TIME_ZONE,
    done: await completedWeeks(deps, row.coupleId),
  };
}

/** The core weeks now, for the content editor. */
export async function listCoreWeeks(deps: AppDeps): Promise<{ coreWeeks: number[] }> {
  return { coreWeeks: await currentCoreWeeks(deps) };
}

/** The seller marks a week core or not (plans accepted before keep their order). */
export async function setCoreWeek(deps: AppDeps, weekNumber: number, core: boolean): Promise<{ coreWeeks: number[] }> {
  await repo.setCoreWeekMark(deps.db, weekNumber, core, new Date().toISOString());
  return listCoreWeeks(deps);
}

export async function listPausedCouples(deps: AppDeps) {
  return repo.listPausedCouples(deps.db);
}
