import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { AccessLevel } from '../../../shared/constants';
import { type DB, nowIso } from '../../db/client';
import type { Database } from '../../db/schema';

/*
 * The back office's reads and writes of couples (docs/product.md#back-office-orders-and-couples):
 * account facts and aggregates only. Nothing here selects a progress note, a workbook answer or a
 * summary: those columns have no admin read path (GUIDE habit 15).
 */

/** A couple as the list shows it. */
export interface AdminCoupleRow {
  coupleId: number;
  /** The first account's email, else its username. */
  signIn: string | null;
  displayName: string;
  partnerName: string;
  accessLevel: AccessLevel;
  weeksCompleted: number;
  lastActiveAt: string | null;
  createdAt: string;
}

export interface CoupleListFilters {
  search: string;
  accessLevel?: AccessLevel;
  /** Active since this time (inclusive), or not since it. */
  activity?: { since: string; active: boolean };
}

const upperBound = (prefix: string) => `${prefix}\u{10FFFF}`;

/**
 * The search: the prefix of an account's email or username, or of either name (lower-cased),
 * each a range on its own index (decision 0146). The name expressions must stay exactly as the
 * indexes spell them.
 */
function searchTerms(eb: ExpressionBuilder<Database, 'couples'>, search: string) {
  const lower = search.toLowerCase();
  const range = (column: ReturnType<typeof sql<string>>, from: string) =>
    eb.and([eb(column, '>=', from), eb(column, '<', upperBound(from))]);
  return eb.or([
    eb(
      'couples.id',
      'in',
      eb
        .selectFrom('accounts')
        .select('accounts.couple_id')
        .where((inner) =>
          inner.or([
            inner.and([inner('accounts.email', '>=', lower), inner('accounts.email', '<', upperBound(lower))]),
            // The username collates nocase, as does its index.
            inner.and([inner('accounts.username', '>=', search), inner('accounts.username', '<', upperBound(search))]),
          ]),
        ),
    ),
    range(sql<string>`lower(couples.display_name)`, lower),
    range(sql<string>`lower(couples.partner_name)`, lower),
  ]);
}

function filtered<O>(query: SelectQueryBuilder<Database, 'couples', O>, filters: CoupleListFilters) {
  let result = query;
  if (filters.accessLevel) result = result.where('couples.access_level', '=', filters.accessLevel);
  if (filters.activity) {
    const { since, active } = filters.activity;
    result = active
      ? result.where('couples.last_active_at', '>=', since)
      : result.where((eb) =>
          eb.or([eb('couples.last_active_at', '<', since), eb('couples.last_active_at', 'is', null)]),
        );
  }
  if (filters.search !== '') result = result.where((eb) => searchTerms(eb, filters.search));
  return result;
}

export async function listAdminCouples(
  db: DB,
  filters: CoupleListFilters,
  page: { limit: number; offset: number },
): Promise<AdminCoupleRow[]> {
  const rows = await filtered(
    db
      .selectFrom('couples')
      .select((eb) => [
        'couples.id as coupleId',
        eb
          .selectFrom('accounts')
          .select(sql<string | null>`coalesce(accounts.email, accounts.username)`.as('signIn'))
          .whereRef('accounts.couple_id', '=', 'couples.id')
          .orderBy('accounts.id')
          .limit(1)
          .as('signIn'),
        'couples.display_name as displayName',
        'couples.partner_name as partnerName',
        'couples.access_level as accessLevel',
        eb
          .selectFrom('progress')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('progress.couple_id', '=', 'couples.id')
          .where('progress.completed_at', 'is not', null)
          .as('weeksCompleted'),
        'couples.last_active_at as lastActiveAt',
        'couples.created_at as createdAt',
      ]),
    filters,
  )
    .orderBy('couples.created_at', 'desc')
    .orderBy('couples.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((row) => ({ ...row, signIn: row.signIn ?? null, weeksCompleted: Number(row.weeksCompleted ?? 0) }));
}

export async function countAdminCouples(db: DB, filters: CoupleListFilters): Promise<number> {
  const row = await filtered(
    db.selectFrom('couples').select((eb) => eb.fn.countAll<number>().as('total')),
    filters,
  ).executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The profile facts of one couple: names, wedding date, access level, dates. */
export async function findCoupleFacts(db: DB, coupleId: number) {
  return db
    .selectFrom('couples')
    .select([
      'couples.id as coupleId',
      'couples.display_name as displayName',
      'couples.partner_name as partnerName',
      'couples.wedding_date as weddingDate',
      'couples.access_level as accessLevel',
      'couples.created_at as createdAt',
      'couples.last_active_at as lastActiveAt',
    ])
    .where('couples.id', '=', coupleId)
    .executeTakeFirst();
}

/** The weeks the couple completed (numbers only) and how many weeks they rated. */
export async function readProgressAggregates(
  db: DB,
  coupleId: number,
): Promise<{ completedWeeks: number[]; ratingsCount: number }> {
  const completed = await db
    .selectFrom('progress')
    .select('progress.week_number as weekNumber')
    .where('progress.couple_id', '=', coupleId)
    .where('progress.completed_at', 'is not', null)
    .orderBy('progress.week_number')
    .execute();
  const rated = await db
    .selectFrom('progress')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('progress.couple_id', '=', coupleId)
    .where('progress.rating', 'is not', null)
    .executeTakeFirstOrThrow();
  return { completedWeeks: completed.map((row) => row.weekNumber), ratingsCount: Number(rated.n) };
}

export interface CoupleSignInRow {
  accountId: number;
  email: string | null;
  username: string | null;
  hasPassword: boolean;
  hasAccessCode: boolean;
  createdAt: string;
  activeSessions: number;
  lastSignInAt: string | null;
}

/** The couple's sign-in accounts with their live sessions (a count and the newest start). */
export async function listCoupleSignIns(db: DB, coupleId: number, now: number): Promise<CoupleSignInRow[]> {
  const rows = await db
    .selectFrom('accounts')
    .leftJoin('sessions', (join) =>
      join.onRef('sessions.account_id', '=', 'accounts.id').on('sessions.expires_at', '>', now),
    )
    .select((eb) => [
      'accounts.id as accountId',
      'accounts.email',
      'accounts.username',
      sql<number>`accounts.password_hash is not null`.as('hasPassword'),
      sql<number>`accounts.access_code_hash is not null`.as('hasAccessCode'),
      'accounts.created_at as createdAt',
      eb.fn.count<number>('sessions.id').as('activeSessions'),
      eb.fn.max('sessions.created_at').as('lastSignInAt'),
    ])
    .where('accounts.couple_id', '=', coupleId)
    .groupBy('accounts.id')
    .orderBy('accounts.id')
    .execute();
  return rows.map((row) => ({
    ...row,
    hasPassword: Boolean(row.hasPassword),
    hasAccessCode: Boolean(row.hasAccessCode),
    activeSessions: Number(row.activeSessions),
    lastSignInAt: row.lastSignInAt ?? null,
  }));
}

/**
 * The seller's grant (decision 0358): full access, and the grant kept on the couple, naming the
 * administrator by the username they have now (as the audit log does).
 */
export async function saveFullAccessGrant(db: DB, coupleId: number, adminAccountId: number): Promise<void> {
  await db
    .updateTable('couples')
    .set({
      access_level: 'full',
      access_granted_at: nowIso(),
      access_granted_by: sql<string>`(select coalesce(accounts.username, accounts.email, 'account ' || accounts.id) from accounts where accounts.id = ${adminAccountId})`,
    })
    .where('id', '=', coupleId)
    .execute();
}

/** The seller's grant of the couple's full access, if they gave one (decision 0358). */
export async function findFullAccessGrant(
  db: DB,
  coupleId: number,
): Promise<{ grantedBy: string; grantedAt: string } | undefined> {
  const row = await db
    .selectFrom('couples')
    .select(['access_granted_by as grantedBy', 'access_granted_at as grantedAt'])
    .where('id', '=', coupleId)
    .where('access_granted_at', 'is not', null)
    .executeTakeFirst();
  return row ? { grantedBy: row.grantedBy ?? '', grantedAt: row.grantedAt! } : undefined;
}

/** The couple's accounts (ids and sign-in names only). */
export async function listCoupleAccounts(db: DB, coupleId: number) {
  return db
    .selectFrom('accounts')
    .select(['accounts.id as accountId', 'accounts.email', 'accounts.username'])
    .where('accounts.couple_id', '=', coupleId)
    .orderBy('accounts.id')
    .execute();
}

export async function deleteSessionsOfCouple(db: DB, coupleId: number): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('sessions.account_id', 'in', (eb) =>
      eb.selectFrom('accounts').select('accounts.id').where('accounts.couple_id', '=', coupleId),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** What deleting a couple removed, table by table. */
export interface DeletedCoupleRows {
  workbookResponses: number;
  weekSummaries: number;
  progress: number;
  sessions: number;
  accounts: number;
  couples: number;
  /** Orders kept for the books, their link to the couple removed. */
  ordersUnlinked: number;
}

/**
 * Removes every row of the couple, table by table (not left to ON DELETE CASCADE, so a table
 * added later without a cascade is not silently kept), and unlinks its orders. Run in a
 * transaction.
 */
export async function deleteCoupleRows(db: DB, coupleId: number): Promise<DeletedCoupleRows> {
  const count = (result: { numDeletedRows: bigint } | { numUpdatedRows: bigint }) =>
    Number('numDeletedRows' in result ? result.numDeletedRows : result.numUpdatedRows);
  const ordersUnlinked = count(
    await db.updateTable('orders').set({ couple_id: null }).where('couple_id', '=', coupleId).executeTakeFirst(),
  );
  const workbookResponses = count(
    await db.deleteFrom('workbook_responses').where('couple_id', '=', coupleId).executeTakeFirst(),
  );
  const weekSummaries = count(
    await db.deleteFrom('week_summaries').where('couple_id', '=', coupleId).executeTakeFirst(),
  );
  const progress = count(await db.deleteFrom('progress').where('couple_id', '=', coupleId).executeTakeFirst());
  const sessions = await deleteSessionsOfCouple(db, coupleId);
  const accounts = count(await db.deleteFrom('accounts').where('couple_id', '=', coupleId).executeTakeFirst());
  const couples = count(await db.deleteFrom('couples').where('id', '=', coupleId).executeTakeFirst());
  return { workbookResponses, weekSummaries, progress, sessions, accounts, couples, ordersUnlinked };
}
