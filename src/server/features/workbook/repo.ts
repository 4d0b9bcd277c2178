import { type Selectable, sql } from 'kysely';
import type { Partner } from '../../../shared/constants';
import { isLocale, type Locale } from '../../../shared/i18n/locales';
import type { WorkbookAnswers } from '../../../shared/workbook-schemas';
import { nowIso, nullColumns, type DB } from '../../db/client';
import type { WorkbookResponsesTable } from '../../db/schema';
import { parseStoredAnswers } from './answers';

/*
 * All SQL of the workbook. Every query of a couple's data filters by the couple's id. A response's
 * answers to questions and cards are stored as JSON objects, text by stable id (decision 0126).
 */

/**
 * A partner's stored answers, their revision (decision 0267: 1 on the first save, one more on each)
 * and the language they were written in (null: saved before it was kept).
 */
export type StoredAnswers = WorkbookAnswers & { revision: number; language: Locale | null };

/** The saved response of one partner for one week, or undefined if they never saved. */
export async function findResponse(
  db: DB,
  coupleId: number,
  weekNumber: number,
  partner: Partner,
): Promise<StoredAnswers | undefined> {
  return (await findResponses(db, coupleId, weekNumber))[partner];
}

/** A response's columns that a week's summary row does not have. */
const RESPONSE_ONLY_COLUMNS = [
  'partner',
  'reflection_answers',
  'discussion_notes',
  'activity_response',
  'weekly_commitment',
  'conversation_cards',
  'revision',
] as const;
const RESPONSE_COLUMNS = [...RESPONSE_ONLY_COLUMNS, 'language'] as const;

/** A stored response's columns but its partner's. */
type ResponseRow = Pick<Selectable<WorkbookResponsesTable>, Exclude<(typeof RESPONSE_COLUMNS)[number], 'partner'>>;

function storedAnswersOf(row: ResponseRow): StoredAnswers {
  return {
    reflectionAnswers: parseStoredAnswers(row.reflection_answers),
    discussionNotes: row.discussion_notes,
    activityResponse: row.activity_response,
    weeklyCommitment: row.weekly_commitment,
    conversationCards: parseStoredAnswers(row.conversation_cards),
    revision: Number(row.revision),
    language: isLocale(row.language) ? row.language : null,
  };
}

/** Both partners' saved responses for one week, in one query (a partner who never saved is absent). */
export async function findResponses(
  db: DB,
  coupleId: number,
  weekNumber: number,
): Promise<Partial<Record<Partner, StoredAnswers>>> {
  const rows = await db
    .selectFrom('workbook_responses')
    .select(RESPONSE_COLUMNS)
    .where('couple_id', '=', coupleId)
    .where('week_number', '=', weekNumber)
    .execute();
  const responses: Partial<Record<Partner, StoredAnswers>> = {};
  for (const row of rows) responses[row.partner] = storedAnswersOf(row);
  return responses;
}

/** A week's stored summary and the language it is written in (null: written before it was kept). */
export interface StoredSummary {
  summary: string;
  language: Locale | null;
}

/** What the week's answers page reads of a couple's week: both partners' saved responses and the summary. */
export interface WeekAnswers {
  /** Each partner's saved response (a partner who never saved is absent), sealed or not. */
  responses: Partial<Record<Partner, StoredAnswers>>;
  /** The week's stored summary, or undefined: none generated. */
  summary: StoredSummary | undefined;
}

/** A row of the union below: a partner's response (`summary` null) or the summary (`partner` and the answers null). */
type ResponseOrSummaryRow = { [Column in keyof ResponseRow]: ResponseRow[Column] | null } & {
  partner: Partner | null;
  summary: string | null;
};

/**
 * Both partners' saved responses for one week and the week's summary in one statement (decision
 * 0378): the week's `workbook_responses` rows `union all` its `week_summaries` row, each side's
 * columns null on the other (`language` is both sides' own). The summary's row is the one without a
 * partner (a response always has one). It reads a partner's answers whatever the sealing rule says:
 * the workbook's service hands them on only through it.
 */
export async function findWeekAnswers(db: DB, coupleId: number, weekNumber: number): Promise<WeekAnswers> {
  const rows = await db
    .selectFrom('workbook_responses')
    .select([...RESPONSE_COLUMNS, sql<null>`null`.as('summary')])
    .where('couple_id', '=', coupleId)
    .where('week_number', '=', weekNumber)
    .$castTo<ResponseOrSummaryRow>()
    .unionAll(
      db
        .selectFrom('week_summaries')
        .select([...nullColumns(...RESPONSE_ONLY_COLUMNS), 'language', 'summary'])
        .where('couple_id', '=', coupleId)
        .where('week_number', '=', weekNumber),
    )
    .execute();
  const answers: WeekAnswers = { responses: {}, summary: undefined };
  for (const { partner, summary, ...row } of rows) {
    if (partner === null) {
      answers.summary = { summary: summary!, language: isLocale(row.language) ? row.language : null };
    } else {
      answers.responses[partner] = storedAnswersOf(row as ResponseRow);
    }
  }
  return answers;
}

/** `language` undefined (a caller that does not know the writer's) leaves the stored one as it is. */
function answerColumns(response: WorkbookAnswers, language: Locale | undefined) {
  return {
    reflection_answers: JSON.stringify(response.reflectionAnswers),
    discussion_notes: response.discussionNotes,
    activity_response: response.activityResponse,
    weekly_commitment: response.weeklyCommitment,
    conversation_cards: JSON.stringify(response.conversationCards),
    updated_at: nowIso(),
    ...(language ? { language } : {}),
  };
}

/**
 * Inserts or replaces one partner's response for one week, one revision later, written in
 * `language`; answers the new revision.
 */
export async function upsertResponse(
  db: DB,
  coupleId: number,
  weekNumber: number,
  partner: Partner,
  response: WorkbookAnswers,
  language?: Locale,
): Promise<number> {
  const columns = answerColumns(response, language);
  const row = await db
    .insertInto('workbook_responses')
    .values({ couple_id: coupleId, week_number: weekNumber, partner, ...columns, revision: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['couple_id', 'week_number', 'partner'])
        .doUpdateSet((eb) => ({ ...columns, revision: eb('workbook_responses.revision', '+', 1) })),
    )
    .returning('revision')
    .executeTakeFirstOrThrow();
  return Number(row.revision);
}

/**
 * Stores one partner's response only if what is stored is still at `baseRevision` (0: nothing
 * stored yet), in one statement, so two saves from the same revision cannot both pass (decision
 * 0267). Answers the new revision, or null when another save came first.
 */
export async function replaceResponseAtRevision(
  db: DB,
  coupleId: number,
  weekNumber: number,
  partner: Partner,
  response: WorkbookAnswers,
  baseRevision: number,
  language?: Locale,
): Promise<number | null> {
  const columns = answerColumns(response, language);
  if (baseRevision === 0) {
    const inserted = await db
      .insertInto('workbook_responses')
      .values({ couple_id: coupleId, week_number: weekNumber, partner, ...columns, revision: 1 })
      .onConflict((conflict) => conflict.columns(['couple_id', 'week_number', 'partner']).doNothing())
      .returning('revision')
      .executeTakeFirst();
    return inserted ? Number(inserted.revision) : null;
  }
  const updated = await db
    .updateTable('workbook_responses')
    .set((eb) => ({ ...columns, revision: eb('revision', '+', 1) }))
    .where('couple_id', '=', coupleId)
    .where('week_number', '=', weekNumber)
    .where('partner', '=', partner)
    .where('revision', '=', baseRevision)
    .returning('revision')
    .executeTakeFirst();
  return updated ? Number(updated.revision) : null;
}

/** Stores the week's summary, written in `language`; a newer one replaces the old. */
export async function upsertSummary(
  db: DB,
  coupleId: number,
  weekNumber: number,
  summary: string,
  language: Locale,
): Promise<void> {
  const generatedAt = nowIso();
  await db
    .insertInto('week_summaries')
    .values({ couple_id: coupleId, week_number: weekNumber, summary, generated_at: generatedAt, language })
    .onConflict((conflict) =>
      conflict.columns(['couple_id', 'week_number']).doUpdateSet({ summary, generated_at: generatedAt, language }),
    )
    .execute();
}

/** The names the profile gives the two partners (display_name is partner 1, partner_name partner 2). */
export async function findPartnerNames(db: DB, coupleId: number): Promise<{ partner1: string; partner2: string }> {
  const row = await db
    .selectFrom('couples')
    .select(['display_name', 'partner_name'])
    .where('id', '=', coupleId)
    .executeTakeFirst();
  return { partner1: row?.display_name ?? '', partner2: row?.partner_name ?? '' };
}

// ---------- Week content: the current version of each week, and the versions it replaced (decision 0125)

export interface StoredWeekContent {
  weekNumber: number;
  /** The edition's language (decision 0232). */
  locale: Locale;
  /** JSON of the shared content schema. */
  content: string;
  status: 'default' | 'edited';
  updatedAt: string;
}

export interface StoredWeekVersion {
  id: number;
  weekNumber: number;
  locale: Locale;
  content: string;
  status: 'default' | 'edited';
  savedAt: string;
  replacedAt: string;
}

const CONTENT_COLUMNS = [
  'week_number as weekNumber',
  'locale',
  'content',
  'status',
  'updated_at as updatedAt',
] as const;

export async function findWeekContent(
  db: DB,
  weekNumber: number,
  locale: Locale = 'en',
): Promise<StoredWeekContent | undefined> {
  return db
    .selectFrom('week_contents')
    .select(CONTENT_COLUMNS)
    .where('week_number', '=', weekNumber)
    .where('locale', '=', locale)
    .executeTakeFirst();
}

/** Every stored week of one language, in week order (at most 52 rows). */
export async function listWeekContents(db: DB, locale: Locale = 'en'): Promise<StoredWeekContent[]> {
  return db
    .selectFrom('week_contents')
    .select(CONTENT_COLUMNS)
    .where('locale', '=', locale)
    .orderBy('week_number')
    .execute();
}

/** When each stored week of a language last changed, without its content: cheap enough for every week list. */
export async function listWeekContentStamps(
  db: DB,
  locale: Locale = 'en',
): Promise<{ weekNumber: number; updatedAt: string }[]> {
  return db
    .selectFrom('week_contents')
    .select(['week_number as weekNumber', 'updated_at as updatedAt'])
    .where('locale', '=', locale)
    .orderBy('week_number')
    .execute();
}

/** Stores a week that has no row yet in its language; false when one exists (start-up seeding runs every start). */
export async function insertWeekContentIfMissing(db: DB, week: StoredWeekContent): Promise<boolean> {
  const result = await db
    .insertInto('week_contents')
    .values({
      week_number: week.weekNumber,
      locale: week.locale,
      content: week.content,
      status: week.status,
      updated_at: week.updatedAt,
    })
    .onConflict((conflict) => conflict.columns(['week_number', 'locale']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Makes `next` the week's current version in its language and keeps the one it replaces in the
 * history, in one transaction. `expectedUpdatedAt`, when given, must still be the current version's
 * (otherwise nothing changes and false is answered): a start-up refresh never overwrites a seller's
 * save. `alongside` runs in the same transaction after the change (the admin audit line).
 */
export async function replaceWeekContent(
  db: DB,
  next: StoredWeekContent,
  options: { expectedUpdatedAt?: string; alongside?: (trx: DB) => Promise<void> } = {},
): Promise<boolean> {
  const { expectedUpdatedAt, alongside } = options;
  return db.transaction().execute(async (trx) => {
    const current = await findWeekContent(trx, next.weekNumber, next.locale);
    if (!current) {
      await insertWeekContentIfMissing(trx, next);
      await alongside?.(trx);
      return true;
    }
    if (expectedUpdatedAt !== undefined && current.updatedAt !== expectedUpdatedAt) return false;
    await trx
      .insertInto('week_content_versions')
      .values({
        week_number: current.weekNumber,
        locale: current.locale,
        content: current.content,
        status: current.status,
        saved_at: current.updatedAt,
        replaced_at: next.updatedAt,
      })
      .execute();
    await trx
      .updateTable('week_contents')
      .set({ content: next.content, status: next.status, updated_at: next.updatedAt })
      .where('week_number', '=', next.weekNumber)
      .where('locale', '=', next.locale)
      .execute();
    await alongside?.(trx);
    return true;
  });
}

const VERSION_COLUMNS = [
  'id',
  'week_number as weekNumber',
  'locale',
  'content',
  'status',
  'saved_at as savedAt',
  'replaced_at as replacedAt',
] as const;

/** The versions a week's content replaced in one language, newest first. */
export async function listWeekVersions(
  db: DB,
  weekNumber: number,
  locale: Locale = 'en',
): Promise<StoredWeekVersion[]> {
  return db
    .selectFrom('week_content_versions')
    .select(VERSION_COLUMNS)
    .where('week_number', '=', weekNumber)
    .where('locale', '=', locale)
    .orderBy('id', 'desc')
    .execute();
}

export async function findWeekVersion(
  db: DB,
  weekNumber: number,
  versionId: number,
  locale: Locale = 'en',
): Promise<StoredWeekVersion | undefined> {
  return db
    .selectFrom('week_content_versions')
    .select(VERSION_COLUMNS)
    .where('week_number', '=', weekNumber)
    .where('locale', '=', locale)
    .where('id', '=', versionId)
    .executeTakeFirst();
}
