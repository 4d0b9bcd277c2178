import { sql } from 'kysely';
import type { ProgressRecordView } from '../../../shared/progress-schemas';

/** The fields a save writes; one left out keeps its stored value. */
type SavedFields = { notes?: string; rating?: number | null };
import { type DB, nullColumns } from '../../db/client';

const RECORD_COLUMNS = [
  'week_number as weekNumber',
  'notes',
  'notes_revision as notesRevision',
  'rating',
  'completed_at as completedAt',
] as const;

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

/** What the unlock rule reads of a couple: every progress record, by week, and the accepted plan. */
export interface UnlockInputs {
  /** Every progress record of the couple (completed or only rated / noted), by week. */
  records: ProgressRecordView[];
  /** The JSON of the couple's accepted plan (`couple_plans.plan`), or null: no plan. */
  acceptedPlan: string | null;
}

/** A row of the union below: a progress record (`plan` null) or the plan (every other column null). */
type RecordOrPlanRow = { [Column in keyof ProgressRecordView]: ProgressRecordView[Column] | null } & {
  plan: string | null;
};

/**
 * The unlock rule's inputs in one statement (decision 0374): the couple's progress rows and their
 * plan's row as one `union all`, each side's columns null on the other. The plan's row is the one
 * without a week (a progress row always has one).
 */
export async function listUnlockInputs(db: DB, coupleId: number): Promise<UnlockInputs> {
  const rows = await db
    .selectFrom('progress')
    .select([...RECORD_COLUMNS, sql<null>`null`.as('plan')])
    .where('couple_id', '=', coupleId)
    .$castTo<RecordOrPlanRow>()
    .unionAll(
      db
        .selectFrom('couple_plans')
        .select([...nullColumns('weekNumber', 'notes', 'notesRevision', 'rating', 'completedAt'), 'plan'])
        .where('couple_id', '=', coupleId),
    )
    .orderBy('weekNumber')
    .execute();
  const inputs: UnlockInputs = { records: [], acceptedPlan: null };
  for (const { plan, ...record } of rows) {
    if (record.weekNumber === null) inputs.acceptedPlan = plan;
    else inputs.records.push(record as ProgressRecordView);
  }
  return inputs;
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
): Promise<ProgressRecordView> {
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

/** One week's record, or undefined when the couple has not touched the week. */
export async function findRecord(
  db: DB,
  coupleId: number,
  weekNumber: number,
): Promise<ProgressRecordView | undefined> {
  return db
    .selectFrom('progress')
    .select(RECORD_COLUMNS)
    .where('couple_id', '=', coupleId)
    .where('week_number', '=', weekNumber)
    .executeTakeFirst();
}

/** The columns a save writes: only the fields given, and the notes one revision later (decision 0280). */
function changedColumns(fields: SavedFields, now: string) {
  return {
    ...(fields.notes !== undefined ? { notes: fields.notes } : {}),
    ...(fields.rating !== undefined ? { rating: fields.rating } : {}),
    updated_at: now,
  };
}

/** What a save was edited from (decision 0280): the notes' revision, the rating shown; undefined: not checked. */
export interface SaveBases {
  notesRevision?: number;
  rating?: number | null;
}

/**
 * Saves notes and/or rating in one statement. Only the fields given are written, so two tabs that
 * save the rating and the notes at the same moment do not overwrite each other. With no bases the
 * save replaces whatever is stored. With bases it writes only while what is stored still matches
 * what they were edited from, so two saves from the same base cannot both pass: the notes' revision
 * is still `bases.notesRevision` (or the notes stored are the ones given: nothing would be lost), and
 * the rating is still `bases.rating` (or already the one given). Answers the record, or undefined
 * when another save came first. A week without a row matches revision 0 and no rating; the caller
 * has checked that the bases match what it read, and a row is never deleted on its own, so the
 * insert below runs only for a week that had no row.
 */
export async function saveNotesAndRating(
  db: DB,
  coupleId: number,
  weekNumber: number,
  fields: SavedFields,
  bases: SaveBases,
  now: string,
): Promise<ProgressRecordView | undefined> {
  const changes = changedColumns(fields, now);
  const notesSaved = fields.notes !== undefined;
  return db
    .insertInto('progress')
    .values({ couple_id: coupleId, week_number: weekNumber, ...changes, notes_revision: notesSaved ? 1 : 0 })
    .onConflict((conflict) =>
      conflict
        .columns(['couple_id', 'week_number'])
        .doUpdateSet((eb) => ({
          ...changes,
          ...(notesSaved ? { notes_revision: eb('progress.notes_revision', '+', 1) } : {}),
        }))
        .where((eb) => {
          const conditions = [];
          if (bases.notesRevision !== undefined && fields.notes !== undefined) {
            conditions.push(
              eb.or([eb('progress.notes_revision', '=', bases.notesRevision), eb('progress.notes', '=', fields.notes)]),
            );
          }
          if (bases.rating !== undefined && fields.rating !== undefined) {
            const ratingIs = (rating: number | null) =>
              rating === null ? eb('progress.rating', 'is', null) : eb('progress.rating', '=', rating);
            conditions.push(eb.or([ratingIs(bases.rating), ratingIs(fields.rating)]));
          }
          return eb.and(conditions);
        }),
    )
    .returning(RECORD_COLUMNS)
    .executeTakeFirst();
}
