import {
  progressPercentage,
  type ProgressRecord,
  type ProgressUpdate,
  type UserProgression,
  type WeeklyStreak,
  DEFAULT_STREAK_TIME_ZONE,
} from '../../../shared/progress-schemas';
import type { AccessLevel } from '../../../shared/constants';
import { accessLimit, nextWeek } from '../../../shared/unlock';
import { nowIso } from '../../db/client';
import type { AppDeps } from '../../deps/app-deps';
import type { CoupleAuth } from '../auth/access';
import { listCompletedWeeks, listCompletionTimes, listRecords, upsertCompleted, upsertNotesAndRating } from './repo';
import { pauseIntervals } from '../plan/order';
import { weeklyStreak } from './streak';
import { assertWeekUnlocked } from './unlock';

type Couple = Pick<CoupleAuth, 'coupleId' | 'accessLevel'>;

/** The couple's standing, from one indexed query (it backs every dashboard load). */
export async function getProgression(deps: AppDeps, couple: Couple): Promise<UserProgression> {
  const completedWeeks = await listCompletedWeeks(deps.db, couple.coupleId);
  return {
    totalCompleted: completedWeeks.length,
    progressPercentage: progressPercentage(completedWeeks.length),
    completedWeeks,
    nextWeek: nextWeek(completedWeeks),
  };
}

/**
 * The couple's access level and the highest week it can open (52, or the trial length), so the
 * dashboard can say where a trial ends. Read from the session, which joins the couple row.
 */
export function getAccess(deps: AppDeps, couple: Couple): { accessLevel: AccessLevel; weekLimit: number } {
  return { accessLevel: couple.accessLevel, weekLimit: accessLimit(couple.accessLevel, deps.config.trialWeeks) };
}

/**
 * The couple's weekly streak (docs/product.md#weekly-streak), counted in calendar weeks of
 * `timeZone` (UTC unless the caller names its zone) up to `now`, from one indexed read of the
 * completion times.
 */
export async function getStreak(
  deps: AppDeps,
  couple: Couple,
  timeZone: string = DEFAULT_STREAK_TIME_ZONE,
  now: Date = new Date(),
): Promise<WeeklyStreak> {
  const [times, pauses] = await Promise.all([
    listCompletionTimes(deps.db, couple.coupleId),
    pauseIntervals(deps, couple.coupleId),
  ]);
  return weeklyStreak(times, timeZone, now, pauses);
}

export async function listProgress(deps: AppDeps, couple: Couple): Promise<ProgressRecord[]> {
  return listRecords(deps.db, couple.coupleId);
}

/** Marks an unlocked week completed (403 on a locked one); the first completion date is kept. */
export async function completeWeek(deps: AppDeps, couple: Couple, weekNumber: number): Promise<ProgressRecord> {
  await assertWeekUnlocked(deps, couple, weekNumber);
  return upsertCompleted(deps.db, couple.coupleId, weekNumber, nowIso());
}

/** Saves notes and/or rating (rating null clears it) on an unlocked week (403 on a locked one). */
export async function updateWeekProgress(
  deps: AppDeps,
  couple: Couple,
  weekNumber: number,
  update: ProgressUpdate,
): Promise<ProgressRecord> {
  await assertWeekUnlocked(deps, couple, weekNumber);
  return upsertNotesAndRating(deps.db, couple.coupleId, weekNumber, update, nowIso());
}
