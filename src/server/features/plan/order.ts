import { DEFAULT_CORE_WEEKS, type Plan, planOrder } from '../../../shared/plan';
import type { AppDeps } from '../../deps/app-deps';
import { listCoreWeekMarks, listPauses } from './repo';

/*
 * What other features read of a couple's plan: the order the unlock rule follows (from the plan's
 * JSON, which progress reads with its records in one statement, decision 0374) and the pauses the
 * streak skips. Kept apart from service.ts, which reads progress, so progress can read this without
 * a circle of imports.
 */

/** The core weeks now: the seller's marks over the shipped default (decision 0250). */
export async function currentCoreWeeks(deps: AppDeps): Promise<number[]> {
  const marks = new Map((await listCoreWeekMarks(deps.db)).map((mark) => [mark.weekNumber, mark.core === 1]));
  const core: number[] = [];
  for (let week = 1; week <= 52; week += 1) {
    if (marks.get(week) ?? DEFAULT_CORE_WEEKS.includes(week)) core.push(week);
  }
  return core;
}

export function parsePlan(json: string): Plan {
  return JSON.parse(json) as Plan;
}

/**
 * The order the couple's accepted plan (its stored JSON, null: no plan) opens weeks in, or null
 * (no plan, or a plan in course order): a core path's order is week 1, the core weeks then the
 * rest, as they were when the plan was accepted (the sessions hold it).
 */
export function acceptedPlanOrder(acceptedPlan: string | null): number[] | null {
  if (acceptedPlan === null) return null;
  const plan = parsePlan(acceptedPlan);
  return plan.corePath ? planOrder(true, plan.coreWeeks) : null;
}

/** The couple's pauses (open one last with endedAt null), for the streak. */
export async function pauseIntervals(deps: AppDeps, coupleId: number) {
  return listPauses(deps.db, coupleId);
}
