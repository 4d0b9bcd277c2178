import type { Partner } from '../../../shared/constants';
import type { DB } from '../../db/client';

/* All SQL of the expectations inventory. Every couple query filters by the couple's id. */

export interface StoredTopic {
  topicId: string;
  position: number;
  content: string;
  status: 'default' | 'edited';
  updatedAt: string;
}

export async function listTopics(db: DB): Promise<StoredTopic[]> {
  return db
    .selectFrom('inventory_topics')
    .select(['topic_id as topicId', 'position', 'content', 'status', 'updated_at as updatedAt'])
    .orderBy('position')
    .execute();
}

export async function findTopic(db: DB, topicId: string): Promise<StoredTopic | undefined> {
  return db
    .selectFrom('inventory_topics')
    .select(['topic_id as topicId', 'position', 'content', 'status', 'updated_at as updatedAt'])
    .where('topic_id', '=', topicId)
    .executeTakeFirst();
}

export async function insertTopicIfMissing(db: DB, topic: StoredTopic): Promise<boolean> {
  const result = await db
    .insertInto('inventory_topics')
    .values({
      topic_id: topic.topicId,
      position: topic.position,
      content: topic.content,
      status: topic.status,
      updated_at: topic.updatedAt,
    })
    .onConflict((oc) => oc.column('topic_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Replaces a topic's content; with `expectedUpdatedAt`, only when nobody changed it since. */
export async function replaceTopic(
  db: DB,
  topic: StoredTopic,
  options: { expectedUpdatedAt?: string } = {},
): Promise<boolean> {
  let query = db
    .updateTable('inventory_topics')
    .set({ position: topic.position, content: topic.content, status: topic.status, updated_at: topic.updatedAt })
    .where('topic_id', '=', topic.topicId);
  if (options.expectedUpdatedAt !== undefined) query = query.where('updated_at', '=', options.expectedUpdatedAt);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// ------------------------------------------------------------------------------ Rounds and answers

export interface StoredRound {
  id: number;
  roundNumber: number;
  startedAt: string;
  partner1FinishedAt: string | null;
  partner2FinishedAt: string | null;
  revealedAt: string | null;
  topicTalk: string | null;
}

const ROUND_COLUMNS = [
  'id',
  'round_number as roundNumber',
  'started_at as startedAt',
  'partner1_finished_at as partner1FinishedAt',
  'partner2_finished_at as partner2FinishedAt',
  'revealed_at as revealedAt',
  'topic_talk as topicTalk',
] as const;

/** The couple's rounds, newest first. */
export async function listRounds(db: DB, coupleId: number): Promise<StoredRound[]> {
  return db
    .selectFrom('inventory_rounds')
    .select(ROUND_COLUMNS)
    .where('couple_id', '=', coupleId)
    .orderBy('round_number', 'desc')
    .execute();
}

export async function latestRound(db: DB, coupleId: number): Promise<StoredRound | undefined> {
  return db
    .selectFrom('inventory_rounds')
    .select(ROUND_COLUMNS)
    .where('couple_id', '=', coupleId)
    .orderBy('round_number', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A new round numbered after the last; undefined when another request made it first. */
export async function insertRound(
  db: DB,
  coupleId: number,
  roundNumber: number,
  now: string,
): Promise<StoredRound | undefined> {
  const inserted = await db
    .insertInto('inventory_rounds')
    .values({ couple_id: coupleId, round_number: roundNumber, started_at: now })
    .onConflict((oc) => oc.columns(['couple_id', 'round_number']).doNothing())
    .returning(ROUND_COLUMNS)
    .executeTakeFirst();
  return inserted;
}

export async function markFinished(
  db: DB,
  coupleId: number,
  roundId: number,
  partner: Partner,
  now: string,
): Promise<void> {
  const column = partner === 'partner1' ? 'partner1_finished_at' : 'partner2_finished_at';
  await db
    .updateTable('inventory_rounds')
    .set({ [column]: now })
    .where('id', '=', roundId)
    .where('couple_id', '=', coupleId)
    .where(column, 'is', null)
    .execute();
}

export async function markRevealed(
  db: DB,
  coupleId: number,
  roundId: number,
  now: string,
  topicTalk: string,
): Promise<void> {
  await db
    .updateTable('inventory_rounds')
    .set({ revealed_at: now, topic_talk: topicTalk })
    .where('id', '=', roundId)
    .where('couple_id', '=', coupleId)
    .where('revealed_at', 'is', null)
    .execute();
}

export async function upsertAnswers(
  db: DB,
  coupleId: number,
  roundId: number,
  partner: Partner,
  answers: [string, number][],
  now: string,
): Promise<void> {
  if (answers.length === 0) return;
  await db
    .insertInto('inventory_answers')
    .values(
      answers.map(([statementId, answer]) => ({
        round_id: roundId,
        couple_id: coupleId,
        partner,
        statement_id: statementId,
        answer,
        updated_at: now,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['round_id', 'partner', 'statement_id']).doUpdateSet((eb) => ({
        answer: eb.ref('excluded.answer'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/** One partner's answers of a round (by its primary key, owned by the couple). */
export async function listAnswers(
  db: DB,
  coupleId: number,
  roundId: number,
  partner: Partner,
): Promise<{ statementId: string; answer: number; updatedAt: string }[]> {
  return db
    .selectFrom('inventory_answers')
    .select(['statement_id as statementId', 'answer', 'updated_at as updatedAt'])
    .where('round_id', '=', roundId)
    .where('partner', '=', partner)
    .where('couple_id', '=', coupleId)
    .execute();
}

export async function countAnswers(db: DB, coupleId: number, roundId: number, partner: Partner): Promise<number> {
  const row = await db
    .selectFrom('inventory_answers')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('round_id', '=', roundId)
    .where('partner', '=', partner)
    .where('couple_id', '=', coupleId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// ---------------------------- The seller's aggregate: counts and per-topic counts, never an answer

export async function countCouplesStarted(db: DB): Promise<number> {
  const row = await db
    .selectFrom('inventory_rounds')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    // A couple has at most one first round.
    .where('round_number', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Each revealed round's per-topic counts of statements to talk about, with its couple and number. */
export async function listRevealedTopicTalk(
  db: DB,
): Promise<{ coupleId: number; roundNumber: number; topicTalk: string | null }[]> {
  return db
    .selectFrom('inventory_rounds')
    .select(['couple_id as coupleId', 'round_number as roundNumber', 'topic_talk as topicTalk'])
    .where('revealed_at', 'is not', null)
    .execute();
}

export async function findCoupleNames(db: DB, coupleId: number): Promise<Record<Partner, string> | undefined> {
  const row = await db
    .selectFrom('couples')
    .select(['display_name', 'partner_name'])
    .where('id', '=', coupleId)
    .executeTakeFirst();
  return row && { partner1: row.display_name, partner2: row.partner_name };
}
