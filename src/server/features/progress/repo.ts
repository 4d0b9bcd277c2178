import { sql } from 'kysely';
import type { ProgressRecord } from '../../../shared/progress-schemas';
import type { DB } from '../../db/client';
import { compileValueOnce } from '../../db/compile-once';

const RECORD_COLUMNS = ['week_number as weekNumber', 'notes', 'rating', 'completed_at as completedAt'] as const;

/**
 * The completed week numbers, ascending: one range scan of the covering index of completed weeks
 * (progress_completed_weeks), at most 52 entries and no table row (decision 0084). Every dashboard
 * load and progression read runs it, so it is compiled once and answers ONE integer, the weeks as
 * bits (decision 0087): SQLite adds up one bit per week, and decoding the bits yields the weeks
 * already in ascending order, with no text for SQLite to build nor for V8 to parse and sort.
 */
export async function listCompletedWeeks(db: DB, coupleId: number): Promise<number[]> {
  return weeksFromBits((await completedWeekBits(db, coupleId)) ?? 0);
}

/**
 * The query behind listCompletedWeeks, exposed so a test can check its plan. Week N is bit N-1;
 * weeks are 1-52 (a CHECK constraint) and unique per couple (the primary key), so the sum is the
 * bitwise OR and stays below 2^52, exact in a JavaScript number.
 */
export function completedWeeksQuery(db: DB, coupleId: number) {
  return (
    db
      .selectFrom('progress')
      // The casts say the same on both databases; PostgreSQL shifts only an int8 by an int4.
      .select(sql<number>`coalesce(sum(cast(1 as bigint) << cast(week_number - 1 as integer)), 0)`.as('weeks'))
      .where('couple_id', '=', coupleId)
      .where('completed_at', 'is not', null)
  );
}
const completedWeekBits = compileValueOnce(completedWeeksQuery);

/**
 * Bits 0-25 are weeks 1-26, read apart from weeks 27-52 because JavaScript's bit operators take
 * 32 bits.
 */
const LOW_WEEKS = 26;
const LOW_WEEKS_SPAN = 2 ** LOW_WEEKS;

/** Week numbers, ascending, from the bits of completedWeeksQuery (week N is bit N-1). */
export function weeksFromBits(bits: number): number[] {
  const weeks: number[] = [];
  let low = bits % LOW_WEEKS_SPAN;
  let high = (bits - low) / LOW_WEEKS_SPAN;
  for (let week = 1; low !== 0; week += 1, low >>>= 1) if (low & 1) weeks.push(week);
  for (let week = LOW_WEEKS + 1; high !== 0; week += 1, high >>>= 1) if (high & 1) weeks.push(week);
  return weeks;
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
