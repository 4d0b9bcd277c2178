import { sql } from 'kysely';
import type { Partner } from '../../../shared/constants';
import { existingIds, type DB } from '../../db/client';

/*
 * All SQL of the couple's own data (docs/product.md#our-data): the reads of the export and the
 * keepsake, and the erasures "Delete our account" adds to the back office's deletion. Every query
 * filters by the couple's id, its accounts' ids or its accounts' emails, each through an index.
 * Nothing here selects a password hash, an access-code hash or a session token hash.
 */

/** Who the couple is, for the queries below: its id, its accounts and their emails. */
export interface CoupleScope {
  coupleId: number;
  accountIds: number[];
  emails: string[];
  usernames: string[];
}

export async function readScope(db: DB, coupleId: number): Promise<CoupleScope | undefined> {
  const couple = await db.selectFrom('couples').select('id').where('id', '=', coupleId).executeTakeFirst();
  if (!couple) return undefined;
  const accounts = await db
    .selectFrom('accounts')
    .select(['id', 'email', 'username'])
    .where('couple_id', '=', coupleId)
    .orderBy('id')
    .execute();
  return {
    coupleId,
    accountIds: accounts.map((account) => account.id),
    emails: accounts.flatMap((account) => (account.email ? [account.email] : [])),
    usernames: accounts.flatMap((account) => (account.username ? [account.username] : [])),
  };
}

export async function findProfile(db: DB, coupleId: number) {
  return db
    .selectFrom('couples')
    .select([
      'id',
      'display_name',
      'partner_name',
      'wedding_date',
      'access_level',
      'weekly_reminders',
      'time_zone',
      'created_at',
      'last_active_at',
    ])
    .where('id', '=', coupleId)
    .executeTakeFirst();
}

export async function listAccounts(db: DB, coupleId: number) {
  return db
    .selectFrom('accounts')
    .select([
      'id',
      'email',
      'username',
      sql<number>`password_hash is not null`.as('has_password'),
      sql<number>`access_code_hash is not null`.as('has_access_code'),
      'email_verified_at',
      'created_at',
    ])
    .where('couple_id', '=', coupleId)
    .orderBy('id')
    .execute();
}

export async function listSessions(db: DB, accountIds: number[]) {
  if (accountIds.length === 0) return [];
  return db
    .selectFrom('sessions')
    .select(['id', 'account_id', 'created_at', 'expires_at'])
    .where('account_id', 'in', accountIds)
    .orderBy('id')
    .execute();
}

export async function listProgress(db: DB, coupleId: number) {
  return db
    .selectFrom('progress')
    .select(['week_number', 'notes', 'rating', 'completed_at', 'updated_at'])
    .where('couple_id', '=', coupleId)
    .orderBy('week_number')
    .execute();
}

/** One week's progress record, or undefined. */
export async function findProgress(db: DB, coupleId: number, weekNumber: number) {
  return db
    .selectFrom('progress')
    .select(['week_number', 'notes', 'rating', 'completed_at', 'updated_at'])
    .where('couple_id', '=', coupleId)
    .where('week_number', '=', weekNumber)
    .executeTakeFirst();
}

/** The weeks with a saved workbook response, in order (week numbers only: the answers are read a week at a time). */
export async function listAnsweredWeeks(db: DB, coupleId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('workbook_responses')
    .select('week_number')
    .distinct()
    .where('couple_id', '=', coupleId)
    .orderBy('week_number')
    .execute();
  return rows.map((row) => row.week_number);
}

export interface StoredResponseRow {
  partner: Partner;
  reflection_answers: string;
  discussion_notes: string;
  activity_response: string;
  weekly_commitment: string;
  conversation_cards: string;
  updated_at: string;
}

/** Both partners' stored responses of one week (at most two rows). */
export async function listWeekResponses(db: DB, coupleId: number, weekNumber: number): Promise<StoredResponseRow[]> {
  return db
    .selectFrom('workbook_responses')
    .select([
      'partner',
      'reflection_answers',
      'discussion_notes',
      'activity_response',
      'weekly_commitment',
      'conversation_cards',
      'updated_at',
    ])
    .where('couple_id', '=', coupleId)
    .where('week_number', '=', weekNumber)
    .orderBy('partner')
    .execute();
}

export async function listSummaries(db: DB, coupleId: number) {
  return db
    .selectFrom('week_summaries')
    .select(['week_number', 'summary', 'generated_at'])
    .where('couple_id', '=', coupleId)
    .orderBy('week_number')
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

export async function listRemindersSent(db: DB, coupleId: number) {
  return db
    .selectFrom('reminders_sent')
    .select(['week_number', 'sent_at'])
    .where('couple_id', '=', coupleId)
    .orderBy('week_number')
    .execute();
}

export async function listPlans(db: DB, coupleId: number) {
  return db
    .selectFrom('couple_plans')
    .select([
      'finish_date',
      'pace',
      'core_path',
      'plan',
      'accepted_at',
      'paused_at',
      'paused_until',
      'calendar_token_hash',
    ])
    .where('couple_id', '=', coupleId)
    .execute();
}

export async function listPauses(db: DB, coupleId: number) {
  return db
    .selectFrom('couple_pauses')
    .select(['started_at', 'ended_at'])
    .where('couple_id', '=', coupleId)
    .orderBy('started_at')
    .execute();
}

export async function listPartnerInvites(db: DB, coupleId: number) {
  return db
    .selectFrom('partner_invites')
    .select(['id', 'partner', 'email', 'expires_at', 'used_at', 'revoked_at', 'created_at'])
    .where('couple_id', '=', coupleId)
    .orderBy('id')
    .execute();
}

export async function listWeekShares(db: DB, coupleId: number) {
  return db
    .selectFrom('week_shares')
    .select(['week_number', 'partner', 'shared_at'])
    .where('couple_id', '=', coupleId)
    .orderBy('week_number')
    .orderBy('partner')
    .execute();
}

export async function listOrders(db: DB, coupleId: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'amount', 'first_name', 'last_name', 'email', 'status', 'created_at'])
    .where('couple_id', '=', coupleId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * The emails the app sent (or is sending) about the couple's account: codes, trial welcomes,
 * reminders, invites (COUPLE_EMAIL_KINDS), tied to the couple (decision 0318) or, queued before
 * that, to the couple's addresses. Never the seller's notices, nor replies to a contact message
 * (which anyone may have sent with that address).
 */
export async function listEmails(db: DB, scope: Pick<CoupleScope, 'coupleId' | 'emails'>, kinds: readonly string[]) {
  return db
    .selectFrom('outbound_emails')
    .select(['kind', 'recipient', 'subject', 'text_body', 'sensitive', 'status', 'created_at', 'sent_at'])
    .where((eb) =>
      scope.emails.length === 0
        ? eb('couple_id', '=', scope.coupleId)
        : eb.or([eb('couple_id', '=', scope.coupleId), eb('recipient', 'in', scope.emails)]),
    )
    .where('kind', 'in', [...kinds])
    .orderBy('recipient')
    .orderBy('id')
    .execute();
}

export async function deleteRemindersSent(db: DB, coupleId: number): Promise<number> {
  const result = await db.deleteFrom('reminders_sent').where('couple_id', '=', coupleId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * What the keepsake is made from changes when any of these do: the couple's names and date, its
 * progress, answers and summaries (a time and a count each, so a removed row counts too), and the
 * course's texts. One row; each part reads the couple's rows through their primary key.
 */
export async function readKeepsakeStamp(db: DB, coupleId: number) {
  return db
    .selectFrom('couples')
    .select((eb) => [
      'couples.display_name',
      'couples.partner_name',
      'couples.wedding_date',
      eb
        .selectFrom('progress')
        .select(sql<string>`count(*) || '/' || coalesce(max(updated_at), '')`.as('v'))
        .where('progress.couple_id', '=', coupleId)
        .as('progress'),
      eb
        .selectFrom('workbook_responses')
        .select(sql<string>`count(*) || '/' || coalesce(max(updated_at), '')`.as('v'))
        .where('workbook_responses.couple_id', '=', coupleId)
        .as('answers'),
      eb
        .selectFrom('week_summaries')
        .select(sql<string>`count(*) || '/' || coalesce(max(generated_at), '')`.as('v'))
        .where('week_summaries.couple_id', '=', coupleId)
        .as('summaries'),
      eb
        .selectFrom('week_contents')
        .select(sql<string>`count(*) || '/' || coalesce(max(updated_at), '')`.as('v'))
        .as('content'),
      // Private answers and each week's sharing decide which answers a partner's copy holds.
      'couples.private_answers',
      eb
        .selectFrom('week_shares')
        .select(sql<string>`count(*) || '/' || coalesce(max(shared_at), '')`.as('v'))
        .where('week_shares.couple_id', '=', coupleId)
        .as('shares'),
      // The expectations inventory's reports (revealed rounds) and its statements' texts.
      eb
        .selectFrom('inventory_rounds')
        .select(sql<string>`count(revealed_at) || '/' || coalesce(max(revealed_at), '')`.as('v'))
        .where('inventory_rounds.couple_id', '=', coupleId)
        .as('inventory'),
      eb
        .selectFrom('inventory_topics')
        .select(sql<string>`count(*) || '/' || coalesce(max(updated_at), '')`.as('v'))
        .as('inventoryTexts'),
    ])
    .where('couples.id', '=', coupleId)
    .executeTakeFirst();
}

/** The couple's completed weeks, in order (numbers only: each week's record is read on its own). */
export async function listCompletedWeekNumbers(db: DB, coupleId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('progress')
    .select('week_number')
    .where('couple_id', '=', coupleId)
    .where('completed_at', 'is not', null)
    .orderBy('week_number')
    .execute();
  return rows.map((row) => row.week_number);
}

/** Which of `ids` are couples still (the keepsake sweep: files of the others are removed). */
export async function findExistingCoupleIds(db: DB, ids: readonly number[]): Promise<Set<number>> {
  return existingIds(db, 'couples', ids);
}
