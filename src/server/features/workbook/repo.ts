import type { Partner } from '../../../shared/constants';
import type { WorkbookResponse } from '../../../shared/workbook-schemas';
import { nowIso, type DB } from '../../db/client';

/*
 * All SQL of the workbook. Every query filters by the couple's id. The two string arrays of a
 * response are stored as JSON text (the columns of the initial schema).
 */

function parseStringArray(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** The saved response of one partner for one week, or undefined if they never saved. */
export async function findResponse(
  db: DB,
  coupleId: number,
  weekNumber: number,
  partner: Partner,
): Promise<WorkbookResponse | undefined> {
  const row = await db
    .selectFrom('workbook_responses')
    .select(['reflection_answers', 'discussion_notes', 'activity_response', 'weekly_commitment', 'conversation_cards'])
    .where('couple_id', '=', coupleId)
    .where('week_number', '=', weekNumber)
    .where('partner', '=', partner)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    reflectionAnswers: parseStringArray(row.reflection_answers),
    discussionNotes: row.discussion_notes,
    activityResponse: row.activity_response,
    weeklyCommitment: row.weekly_commitment,
    conversationCards: parseStringArray(row.conversation_cards),
  };
}

/** Inserts or replaces one partner's response for one week. */
export async function upsertResponse(
  db: DB,
  coupleId: number,
  weekNumber: number,
  partner: Partner,
  response: WorkbookResponse,
): Promise<void> {
  const columns = {
    reflection_answers: JSON.stringify(response.reflectionAnswers),
    discussion_notes: response.discussionNotes,
    activity_response: response.activityResponse,
    weekly_commitment: response.weeklyCommitment,
    conversation_cards: JSON.stringify(response.conversationCards),
    updated_at: nowIso(),
  };
  await db
    .insertInto('workbook_responses')
    .values({ couple_id: coupleId, week_number: weekNumber, partner, ...columns })
    .onConflict((conflict) => conflict.columns(['couple_id', 'week_number', 'partner']).doUpdateSet(columns))
    .execute();
}

export async function findSummary(db: DB, coupleId: number, weekNumber: number): Promise<string | null> {
  const row = await db
    .selectFrom('week_summaries')
    .select('summary')
    .where('couple_id', '=', coupleId)
    .where('week_number', '=', weekNumber)
    .executeTakeFirst();
  return row?.summary ?? null;
}

/** Stores the week's summary; a newer one replaces the old. */
export async function upsertSummary(db: DB, coupleId: number, weekNumber: number, summary: string): Promise<void> {
  const generatedAt = nowIso();
  await db
    .insertInto('week_summaries')
    .values({ couple_id: coupleId, week_number: weekNumber, summary, generated_at: generatedAt })
    .onConflict((conflict) =>
      conflict.columns(['couple_id', 'week_number']).doUpdateSet({ summary, generated_at: generatedAt }),
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
