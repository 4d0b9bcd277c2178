import { sql } from 'kysely';
import type { ProgressRecord } from '../../../shared/progress-schemas';
import type { DB } from '../../db/client';

const RECORD_COLUMNS = ['week_number as weekNumber', 'notes', 'rating', 'completed_at as completedAt'] as const;

/**
 * The completed week numbers, ascending: one range scan of the covering index of completed weeks
 * (progress_completed_weeks), at most 52 entries and no table row (decision 0084).
 */
export async function listCompletedWeeks(db: DB, coupleId: number): Promise<number[]> {
  const rows = await completedWeeksQuery(db, coupleId).execute();
  return rows.map((row) => row.week_number);
}

/** The query behind listCompletedWeeks, exposed so a test can check its plan. */
export function completedWeeksQuery(db: DB, coupleId: number) {
  return db
    .selectFrom('progress')
    .select('week_number')
    .where('couple_id', '=', coupleId)
    .where('completed_at', 'is not', null)
    .orderBy('week_number');
}

/**
 * When each completed week was first completed (ISO times), for the weekly streak: at most 52 rows
 * from one range of the covering index of completed weeks (progress_completed_weeks), which holds
 * `completed_at`, so no table row is read.
 */
export function completionTimesQuery(db: DB, coupleId: number) {
  return db
    .selectFrom('progress')
    .select(sql<string>`completed_at`.as('completedAt'))
    .where('couple_id', '=', coupleId)
    .where('completed_at', 'is not', null);
}

export async function listCompletionTimes(db: DB, coupleId: number): Promise<string[]> {
  const rows = await completionTimesQuery(db, coupleId).execute();
  return rows.map((row) => row.completedAt);
}

/** Every progress record of the couple (completed or only rated / noted), by week. */
export async function listRecords(db: DB, coupleId: number): Promise<ProgressRecord[]> {
  return db
    .selectFrom('progress')
    .select(RECORD_COLUMNS)
    .where('couple_id', '=', coupleId)
    .orderBy('week_number')
    .execute();
}

/**
 * Marks a week completed in one statement. Completing again keeps the first `completed_at`
 * (coalesce), and notes and rating saved meanwhile are untouched.
 */
export async function upsertCompleted(
  db: DB,
  coupleId: number,
  weekNumber: number,
  now: string,
): Promise<ProgressRecord> {
  return db
    .insertInto('progress')
    .values({ couple_id: coupleId, week_number: weekNumber, completed_at: now, updated_at: now })
    .onConflict((conflict) =>
      conflict.columns(['couple_id', 'week_number']).doUpdateSet({
        completed_at: sql<string>`coalesce(progress.completed_at, excluded.completed_at)`,
        updated_at: (eb) => eb.ref('excluded.updated_at'),
      }),
    )
    .returning(RECORD_COLUMNS)
    .executeTakeFirstOrThrow();
}

/**
 * Saves notes and/or rating in one statement. Only the fields given are written, so two tabs that
 * save the rating and the notes at the same moment do not overwrite each other.
 */
export async function upsertNotesAndRating(
  db: DB,
  coupleId: number,
  weekNumber: number,
  fields: { notes?: string; rating?: number | null },
  now: string,
): Promise<ProgressRecord> {
  const changes = {
    ...(fields.notes !== undefined ? { notes: fields.notes } : {}),
    ...(fields.rating !== undefined ? { rating: fields.rating } : {}),
  };
  return db
    .insertInto('progress')
    .values({ couple_id: coupleId, week_number: weekNumber, ...changes, updated_at: now })
    .onConflict((conflict) =>
      conflict.columns(['couple_id', 'week_number']).doUpdateSet({ ...changes, updated_at: now }),
    )
    .returning(RECORD_COLUMNS)
    .executeTakeFirstOrThrow();
}
