import type { DB } from '../../db/client';

/*
 * All SQL of the paced plan (docs/product.md#paced-plan). Every couple query filters by the
 * couple's id; the calendar token is stored only as a keyed hash.
 */

export interface StoredPlan {
  coupleId: number;
  finishDate: string | null;
  pace: number | null;
  corePath: number | null;
  plan: string;
  acceptedAt: string;
  pausedAt: string | null;
  pausedUntil: string | null;
  hasCalendar: boolean;
}

export async function findPlanRow(db: DB, coupleId: number): Promise<StoredPlan | undefined> {
  const row = await db
    .selectFrom('couple_plans')
    .select([
      'couple_id as coupleId',
      'finish_date as finishDate',
      'pace',
      'core_path as corePath',
      'plan',
      'accepted_at as acceptedAt',
      'paused_at as pausedAt',
      'paused_until as pausedUntil',
      'calendar_token_hash as calendarTokenHash',
    ])
    .where('couple_id', '=', coupleId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { calendarTokenHash, ...rest } = row;
  return { ...rest, hasCalendar: calendarTokenHash !== null };
}

export async function findCoupleForPlan(db: DB, coupleId: number) {
  return db
    .selectFrom('couples')
    .select([
      'id',
      'wedding_date as weddingDate',
      'time_zone as timeZone',
      'display_name as displayName',
      'partner_name as partnerName',
    ])
    .where('id', '=', coupleId)
    .executeTakeFirst();
}

export async function setTimeZone(db: DB, coupleId: number, timeZone: string): Promise<void> {
  await db.updateTable('couples').set({ time_zone: timeZone }).where('id', '=', coupleId).execute();
}

/** Stores an accepted plan (replacing the couple's previous one, keeping its calendar token). */
export async function upsertPlan(
  db: DB,
  values: Omit<StoredPlan, 'pausedAt' | 'pausedUntil' | 'hasCalendar'>,
): Promise<void> {
  const plan = {
    finish_date: values.finishDate,
    pace: values.pace,
    core_path: values.corePath,
    plan: values.plan,
    accepted_at: values.acceptedAt,
  };
  await db
    .insertInto('couple_plans')
    .values({ couple_id: values.coupleId, ...plan })
    .onConflict((oc) => oc.column('couple_id').doUpdateSet({ ...plan, paused_at: null, paused_until: null }))
    .execute();
}

export async function startPause(db: DB, coupleId: number, at: string, until: string | null): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('couple_plans')
      .set({ paused_at: at, paused_until: until })
      .where('couple_id', '=', coupleId)
      .execute();
    await trx.insertInto('couple_pauses').values({ couple_id: coupleId, started_at: at, ended_at: null }).execute();
  });
}

/** Ends the pause and stores the recomputed plan, in one transaction. */
export async function endPause(db: DB, coupleId: number, at: string, plan: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('couple_plans')
      .set({ paused_at: null, paused_until: null, plan, accepted_at: at })
      .where('couple_id', '=', coupleId)
      .execute();
    await trx
      .updateTable('couple_pauses')
      .set({ ended_at: at })
      .where('couple_id', '=', coupleId)
      .where('ended_at', 'is', null)
      .execute();
  });
}

export async function listPauses(db: DB, coupleId: number): Promise<{ startedAt: string; endedAt: string | null }[]> {
  return db
    .selectFrom('couple_pauses')
    .select(['started_at as startedAt', 'ended_at as endedAt'])
    .where('couple_id', '=', coupleId)
    .orderBy('started_at')
    .execute();
}

export async function setCalendarTokenHash(db: DB, coupleId: number, tokenHash: string | null): Promise<number> {
  const result = await db
    .updateTable('couple_plans')
    .set({ calendar_token_hash: tokenHash })
    .where('couple_id', '=', coupleId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function findPlanByCalendarTokenHash(db: DB, tokenHash: string) {
  return db
    .selectFrom('couple_plans')
    .innerJoin('couples', 'couples.id', 'couple_plans.couple_id')
    .select([
      'couple_plans.couple_id as coupleId',
      'couple_plans.plan as plan',
      'couple_plans.paused_at as pausedAt',
      'couples.time_zone as timeZone',
    ])
    .where('couple_plans.calendar_token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function listCoreWeekMarks(db: DB): Promise<{ weekNumber: number; core: number }[]> {
  return db.selectFrom('core_weeks').select(['week_number as weekNumber', 'core']).orderBy('week_number').execute();
}

export async function setCoreWeekMark(db: DB, weekNumber: number, core: boolean, at: string): Promise<void> {
  await db
    .insertInto('core_weeks')
    .values({ week_number: weekNumber, core: core ? 1 : 0, updated_at: at })
    .onConflict((oc) => oc.column('week_number').doUpdateSet({ core: core ? 1 : 0, updated_at: at }))
    .execute();
}

/** Couples whose plan is paused, for the back office (names and dates only, never answers). */
export async function listPausedCouples(db: DB) {
  return db
    .selectFrom('couple_plans')
    .innerJoin('couples', 'couples.id', 'couple_plans.couple_id')
    .select([
      'couples.id as coupleId',
      'couples.display_name as displayName',
      'couples.partner_name as partnerName',
      'couple_plans.paused_at as pausedAt',
      'couple_plans.paused_until as pausedUntil',
    ])
    .where('couple_plans.paused_at', 'is not', null)
    .orderBy('couple_plans.paused_at', 'desc')
    .limit(500)
    .execute() as Promise<
    { coupleId: number; displayName: string; partnerName: string; pausedAt: string; pausedUntil: string | null }[]
  >;
}
