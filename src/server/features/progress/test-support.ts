import { nowIso } from '../../db/client';
import type { AppDeps } from '../../deps/app-deps';

/** Marks weeks completed directly in the database (a factory for tests that need a head start). */
export async function seedCompletedWeeks(deps: AppDeps, coupleId: number, weeks: number[]): Promise<void> {
  if (weeks.length === 0) return;
  const now = nowIso();
  await deps.db
    .insertInto('progress')
    .values(weeks.map((week) => ({ couple_id: coupleId, week_number: week, completed_at: now, updated_at: now })))
    .execute();
}
