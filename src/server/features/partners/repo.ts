import type { Partner } from '../../../shared/constants';
import type { Locale } from '../../../shared/i18n/locales';
import { nowIso, type DB } from '../../db/client';

/*
 * All SQL of partner sign-ins, invites and week shares (docs/product.md#partner-sign-ins). Every
 * query filters by the couple's id. Invite codes are stored only as keyed hashes.
 */

export interface StoredInvite {
  id: number;
  coupleId: number;
  partner: Partner;
  email: string | null;
  expiresAt: number;
  usedAt: string | null;
  revokedAt: string | null;
  createdAt: string;
}

const inviteColumns = [
  'id',
  'couple_id as coupleId',
  'partner',
  'email',
  'expires_at as expiresAt',
  'used_at as usedAt',
  'revoked_at as revokedAt',
  'created_at as createdAt',
] as const;

export async function insertInvite(
  db: DB,
  values: { tokenHash: string; coupleId: number; partner: Partner; email: string | null; expiresAt: number },
): Promise<StoredInvite> {
  return db
    .insertInto('partner_invites')
    .values({
      token_hash: values.tokenHash,
      couple_id: values.coupleId,
      partner: values.partner,
      email: values.email,
      expires_at: values.expiresAt,
      created_at: nowIso(),
    })
    .returning(inviteColumns)
    .executeTakeFirstOrThrow();
}

export async function findInviteByTokenHash(db: DB, tokenHash: string): Promise<StoredInvite | undefined> {
  return db.selectFrom('partner_invites').select(inviteColumns).where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** The couple's invites, newest first (at most `limit`). */
export async function listInvites(db: DB, coupleId: number, limit: number): Promise<StoredInvite[]> {
  return db
    .selectFrom('partner_invites')
    .select(inviteColumns)
    .where('couple_id', '=', coupleId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Revokes the couple's pending invites (of one partner slot, or all): an invite left unused. */
export async function revokePendingInvites(
  db: DB,
  coupleId: number,
  filter: { partner?: Partner; inviteId?: number },
): Promise<number> {
  let query = db
    .updateTable('partner_invites')
    .set({ revoked_at: nowIso() })
    .where('couple_id', '=', coupleId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null);
  if (filter.partner) query = query.where('partner', '=', filter.partner);
  if (filter.inviteId !== undefined) query = query.where('id', '=', filter.inviteId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Marks an invite used, only if still unused and not revoked: false when another accept won. */
export async function markInviteUsed(db: DB, inviteId: number): Promise<boolean> {
  const result = await db
    .updateTable('partner_invites')
    .set({ used_at: nowIso() })
    .where('id', '=', inviteId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export interface SignInRow {
  accountId: number;
  partner: Partner | null;
  email: string | null;
  username: string | null;
}

/** The couple's sign-ins (its couple accounts), oldest first. */
export async function listSignIns(db: DB, coupleId: number): Promise<SignInRow[]> {
  return db
    .selectFrom('accounts')
    .select(['id as accountId', 'partner', 'email', 'username'])
    .where('couple_id', '=', coupleId)
    .orderBy('id')
    .execute();
}

export async function emailHasAccount(db: DB, email: string): Promise<boolean> {
  const row = await db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}

/** A personal sign-in bound to one partner of the couple (no code yet: the caller issues it). */
export async function insertPartnerAccount(
  db: DB,
  values: { coupleId: number; partner: Partner; email: string; locale: Locale },
): Promise<number> {
  const row = await db
    .insertInto('accounts')
    .values({
      role: 'couple',
      couple_id: values.coupleId,
      partner: values.partner,
      username: null,
      email: values.email,
      password_hash: null,
      access_code_hash: null,
      created_at: nowIso(),
      locale: values.locale,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes a personal sign-in of the couple (its sessions go with it); false when there is none. */
export async function deletePartnerAccount(db: DB, coupleId: number, accountId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('accounts')
    .where('id', '=', accountId)
    .where('couple_id', '=', coupleId)
    .where('partner', 'is not', null)
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}

export async function findCoupleNames(
  db: DB,
  coupleId: number,
): Promise<{ partner1: string; partner2: string; privateAnswers: boolean } | undefined> {
  const row = await db
    .selectFrom('couples')
    .select(['display_name', 'partner_name', 'private_answers'])
    .where('id', '=', coupleId)
    .executeTakeFirst();
  return row && { partner1: row.display_name, partner2: row.partner_name, privateAnswers: row.private_answers === 1 };
}

export async function setPrivateAnswers(db: DB, coupleId: number, on: boolean): Promise<void> {
  await db
    .updateTable('couples')
    .set({ private_answers: on ? 1 : 0 })
    .where('id', '=', coupleId)
    .execute();
}

export interface ShareRow {
  partner: Partner;
  sharedAt: string;
  noticeSeenAt: string | null;
}

/** Who has shared a week (at most two rows, by the primary key). */
export async function findWeekShares(db: DB, coupleId: number, weekNumber: number): Promise<ShareRow[]> {
  return db
    .selectFrom('week_shares')
    .select(['partner', 'shared_at as sharedAt', 'notice_seen_at as noticeSeenAt'])
    .where('couple_id', '=', coupleId)
    .where('week_number', '=', weekNumber)
    .execute();
}

/** Records that a partner shared a week; false when they had already. */
export async function insertWeekShare(
  db: DB,
  coupleId: number,
  weekNumber: number,
  partner: Partner,
): Promise<boolean> {
  const result = await db
    .insertInto('week_shares')
    .values({ couple_id: coupleId, week_number: weekNumber, partner, shared_at: nowIso() })
    .onConflict((conflict) => conflict.columns(['couple_id', 'week_number', 'partner']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Every share of the couple (at most 104 rows: two partners, 52 weeks). */
export async function listShares(db: DB, coupleId: number): Promise<(ShareRow & { weekNumber: number })[]> {
  return db
    .selectFrom('week_shares')
    .select(['week_number as weekNumber', 'partner', 'shared_at as sharedAt', 'notice_seen_at as noticeSeenAt'])
    .where('couple_id', '=', coupleId)
    .execute();
}

export async function markNoticeSeen(db: DB, coupleId: number, weekNumber: number, partner: Partner): Promise<void> {
  await db
    .updateTable('week_shares')
    .set({ notice_seen_at: nowIso() })
    .where('couple_id', '=', coupleId)
    .where('week_number', '=', weekNumber)
    .where('partner', '=', partner)
    .where('notice_seen_at', 'is', null)
    .execute();
}

/** The weeks in which `partner` has saved answers (at most 52 rows, by the primary key). */
/** Whether the partner has any answers to the expectations inventory, in any round. */
export async function hasInventoryAnswers(db: DB, coupleId: number, partner: Partner): Promise<boolean> {
  const row = await db
    .selectFrom('inventory_answers')
    .select('round_id')
    .where('couple_id', '=', coupleId)
    .where('partner', '=', partner)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether `partner` has answers in an inventory round not revealed yet (sealed until both finish). */
export async function hasSealedInventoryAnswers(db: DB, coupleId: number, partner: Partner): Promise<boolean> {
  const row = await db
    .selectFrom('inventory_answers')
    .innerJoin('inventory_rounds', 'inventory_rounds.id', 'inventory_answers.round_id')
    .select('inventory_answers.round_id')
    .where('inventory_rounds.couple_id', '=', coupleId)
    .where('inventory_rounds.revealed_at', 'is', null)
    .where('inventory_answers.couple_id', '=', coupleId)
    .where('inventory_answers.partner', '=', partner)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the couple has a personal sign-in (one bound to a partner), `partner`'s when given. */
export async function hasPersonalSignIn(db: DB, coupleId: number, partner?: Partner): Promise<boolean> {
  let query = db.selectFrom('accounts').select('id').where('couple_id', '=', coupleId).where('partner', 'is not', null);
  if (partner) query = query.where('partner', '=', partner);
  const row = await query.limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The partner an account is a personal sign-in of; null for the couple's original sign-in. */
export async function personalSignInPartner(db: DB, accountId: number): Promise<Partner | null> {
  const row = await db.selectFrom('accounts').select('partner').where('id', '=', accountId).executeTakeFirst();
  return row?.partner ?? null;
}

export async function weeksAnsweredBy(db: DB, coupleId: number, partner: Partner): Promise<number[]> {
  const rows = await db
    .selectFrom('workbook_responses')
    .select('week_number')
    .where('couple_id', '=', coupleId)
    .where('partner', '=', partner)
    .execute();
  return rows.map((row) => row.week_number);
}
