import { AppError } from '../../../shared/errors';
import { accessLimit, isWeekUnlocked, weekLockReason } from '../../../shared/unlock';
import type { AppDeps } from '../../deps/app-deps';
import { readOnce } from '../../deps/request-reads';
import type { CoupleAuth } from '../auth/access';
import { acceptedPlanOrder } from '../plan/order';
import type { ProgressRecordView } from '../../../shared/progress-schemas';
import { listUnlockInputs, type UnlockInputs } from './repo';

export const LOCKED_WEEK_MESSAGE = 'You need to complete the previous week first.';

/**
 * What the unlock rule reads of the couple, in one statement (decision 0374) read once per request
 * (decision 0321): every progress record, by week, and the accepted plan. The dashboard's batch
 * asks for the records, the progression and the frameworks' locks together, and all three are
 * answered from this one query (decision 0371). What it answers is shared: never change it.
 */
export function unlockInputs(deps: AppDeps, coupleId: number): Promise<Readonly<UnlockInputs>> {
  return readOnce(deps, `progress.unlock-inputs:${coupleId}`, () => listUnlockInputs(deps.db, coupleId));
}

/** Every progress record of the couple, by week (from unlockInputs): shared, never change it. */
export async function progressRecords(deps: AppDeps, coupleId: number): Promise<readonly ProgressRecordView[]> {
  return (await unlockInputs(deps, coupleId)).records;
}

/** The completed week numbers of these records, ascending as they are. */
function completedIn(records: readonly ProgressRecordView[]): number[] {
  return records.filter((record) => record.completedAt !== null).map((record) => record.weekNumber);
}

/** The couple's completed week numbers, ascending (from progressRecords). */
export async function completedWeekNumbers(deps: AppDeps, coupleId: number): Promise<readonly number[]> {
  return completedIn(await progressRecords(deps, coupleId));
}

/** The couple's completed weeks, as a set. */
export async function completedWeeks(deps: AppDeps, coupleId: number): Promise<Set<number>> {
  return new Set(await completedWeekNumbers(deps, coupleId));
}

/**
 * Everything needed to answer "is week N open for this couple, and if not why?" for many weeks
 * from one query (unlockInputs): the completed weeks and the order of the couple's accepted plan
 * (a core path may skip non-core weeks in its order, decision 0250). Every transport (tRPC, REST,
 * downloads) asks here.
 */
export async function unlockState(deps: AppDeps, couple: Pick<CoupleAuth, 'coupleId' | 'accessLevel'>) {
  const { records, acceptedPlan } = await unlockInputs(deps, couple.coupleId);
  const completed = new Set(completedIn(records));
  const order = acceptedPlanOrder(acceptedPlan);
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
