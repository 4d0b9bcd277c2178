import { AppError } from '../../../shared/errors';
import { accessLimit, isWeekUnlocked, weekLockReason } from '../../../shared/unlock';
import type { AppDeps } from '../../deps/app-deps';
import { readOnce } from '../../deps/request-reads';
import type { CoupleAuth } from '../auth/access';
import { acceptedPlanOrder } from '../plan/order';
import type { ProgressRecordView } from '../../../shared/progress-schemas';
import { listRecords } from './repo';

export const LOCKED_WEEK_MESSAGE = 'You need to complete the previous week first.';

/**
 * Every progress record of the couple, by week, read once per request (decision 0321): the
 * dashboard's batch asks for the records, the progression and the frameworks' locks together, and
 * all three are answered from this one query (decision 0371). The array is shared: never change it.
 */
export function progressRecords(deps: AppDeps, coupleId: number): Promise<readonly ProgressRecordView[]> {
  return readOnce(deps, `progress.records:${coupleId}`, () => listRecords(deps.db, coupleId));
}

/** The couple's completed week numbers, ascending (from progressRecords). */
export async function completedWeekNumbers(deps: AppDeps, coupleId: number): Promise<readonly number[]> {
  const records = await progressRecords(deps, coupleId);
  return records.filter((record) => record.completedAt !== null).map((record) => record.weekNumber);
}

/** The couple's completed weeks, as a set. */
export async function completedWeeks(deps: AppDeps, coupleId: number): Promise<Set<number>> {
  return new Set(await completedWeekNumbers(deps, coupleId));
}

/**
 * Everything needed to answer "is week N open for this couple, and if not why?" for many weeks
 * with two queries: the completed weeks and the order of the couple's accepted plan (a core path
 * may skip non-core weeks in its order, decision 0250). Every transport (tRPC, REST, downloads)
 * asks here.
 */
export async function unlockState(deps: AppDeps, couple: Pick<CoupleAuth, 'coupleId' | 'accessLevel'>) {
  const [completed, order] = await Promise.all([
    completedWeeks(deps, couple.coupleId),
    acceptedPlanOrder(deps, couple.coupleId),
  ]);
  const limit = accessLimit(couple.accessLevel, deps.config.trialWeeks);
  return {
    completed,
    limit,
    planOrder: order,
    isUnlocked: (week: number) => isWeekUnlocked(week, completed, limit, order),
    lockReason: (week: number) => weekLockReason(week, completed, limit, order),
  };
}

/** Refuses (403, the spec's message) any action on a week the couple has not unlocked. */
export async function assertWeekUnlocked(
  deps: AppDeps,
  couple: Pick<CoupleAuth, 'coupleId' | 'accessLevel'>,
  weekNumber: number,
): Promise<void> {
  const state = await unlockState(deps, couple);
  if (!state.isUnlocked(weekNumber)) throw new AppError('FORBIDDEN', LOCKED_WEEK_MESSAGE);
}
