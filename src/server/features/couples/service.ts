import type { AccessLevel } from '../../../shared/constants';
import { ACTIVITY_DAYS, listCouplesInputSchema, type ListCouplesInput } from '../../../shared/admin-schemas';
import { AppError } from '../../../shared/errors';
import { describeZodError } from '../../../shared/schemas';
import { nextWeek } from '../../../shared/unlock';
import type { DB } from '../../db/client';
import type { AppDeps } from '../../deps/app-deps';
import type { AdminAuth } from '../auth/access';
import { issueAccessCode } from '../auth/access-codes';
import { forgetDevices } from '../auth/device-tokens';
import { recordAdminAction } from '../audit/service';
import { eraseMessagesFrom } from '../contact/service';
import { keptSeatsOf } from '../facilitators/kept-seats';
import { forgetGiftRecipient } from '../gifts/service';
import { eraseCoupleEmails, issuedCodeDelivery, tidyOutboxFolder } from '../mail/service';
import { removeKeepsakes } from '../our-data/keepsake-files';
import { type CoupleOrderRow, listCoupleOrders } from '../orders/admin-service';
import {
  type AdminCoupleRow,
  type CoupleSignInRow,
  countAdminCouples,
  type DeletedCoupleRows,
  deleteCoupleRows,
  deleteSessionsOfCouple,
  findCoupleFacts,
  findFullAccessGrant,
  listAdminCouples,
  listCoupleAccounts,
  listCoupleSignIns,
  readProgressAggregates,
  saveFullAccessGrant,
} from './repo';

export type { AdminCoupleRow, DeletedCoupleRows };

export const COUPLE_NOT_FOUND = 'Couple not found';

/** The administrator acting and the request's address, for the audit log (docs/product.md#admin-audit-log). */
export interface AdminActor {
  admin: AdminAuth;
  address?: string | null;
}

export interface AdminCouplePage {
  items: AdminCoupleRow[];
  total: number;
  page: number;
  pageSize: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The couples list (docs/product.md#back-office-orders-and-couples): newest first, searched and
 * filtered on the server. Activity is the couple's last sign-in or saved progress or answer
 * (decision 0147): active in the last 7 or 30 days, or inactive (nothing in the last 30 days).
 */
export async function listCouples(
  deps: AppDeps,
  rawInput: ListCouplesInput,
  now = Date.now(),
): Promise<AdminCouplePage> {
  const parsed = listCouplesInputSchema.safeParse(rawInput);
  if (!parsed.success) throw new AppError('BAD_REQUEST', describeZodError(parsed.error));
  const input = parsed.data;
  const filters = {
    search: input.search,
    accessLevel: input.accessLevel,
    activity: input.activity
      ? {
          since: new Date(now - ACTIVITY_DAYS[input.activity] * DAY_MS).toISOString(),
          active: input.activity !== 'inactive',
        }
      : undefined,
  };
  const [items, total] = await Promise.all([
    listAdminCouples(deps.db, filters, { limit: input.pageSize, offset: (input.page - 1) * input.pageSize }),
    countAdminCouples(deps.db, filters),
  ]);
  return { items, total, page: input.page, pageSize: input.pageSize };
}

/**
 * What gives a couple with full access the course, as an account fact (never an answer): a
 * completed order of theirs (`bought`), a gift they opened, the seller's grant from the back
 * office, or a seat of a facilitator's pack they keep (decisions 0264, 0333).
 */
export type AccessSource =
  | { kind: 'bought'; orderId: string; at: string }
  | { kind: 'gift'; orderId: string; at: string }
  | { kind: 'granted'; by: string; at: string }
  | { kind: 'seat'; facilitator: string; organisation: string | null; packRefunded: boolean; at: string };

export interface AdminCoupleDetail {
  coupleId: number;
  displayName: string;
  partnerName: string;
  weddingDate: string | null;
  accessLevel: AccessLevel;
  /** Empty for a couple in the trial; for full access, every source on record, oldest first. */
  accessSources: AccessSource[];
  createdAt: string;
  lastActiveAt: string | null;
  /** Aggregates only: never a note, an answer or a summary. */
  progress: { weeksCompleted: number; currentWeek: number | null; ratingsCount: number };
  orders: CoupleOrderRow[];
  signIns: CoupleSignInRow[];
}

async function requireCouple(db: DB, coupleId: number) {
  const facts = await findCoupleFacts(db, coupleId);
  if (!facts) throw new AppError('NOT_FOUND', COUPLE_NOT_FOUND);
  return facts;
}

/** One couple's page: profile facts, where their access comes from, progress aggregates, orders and sign-ins. */
export async function getCoupleDetail(deps: AppDeps, coupleId: number, now = Date.now()): Promise<AdminCoupleDetail> {
  const facts = await requireCouple(deps.db, coupleId);
  const { completedWeeks, ratingsCount } = await readProgressAggregates(deps.db, coupleId);
  const orders = await listCoupleOrders(deps.db, coupleId);
  return {
    ...facts,
    accessSources: facts.accessLevel === 'full' ? await accessSourcesOf(deps.db, coupleId, orders) : [],
    progress: { weeksCompleted: completedWeeks.length, currentWeek: nextWeek(completedWeeks), ratingsCount },
    orders,
    signIns: await listCoupleSignIns(deps.db, coupleId, now),
  };
}

/** The sources on record of a full access (AccessSource), oldest first. */
async function accessSourcesOf(db: DB, coupleId: number, orders: CoupleOrderRow[]): Promise<AccessSource[]> {
  const sources: AccessSource[] = orders
    .filter((order) => order.status === 'completed')
    .map((order) => ({ kind: order.gift ? 'gift' : 'bought', orderId: order.id, at: order.createdAt }));
  const grant = await findFullAccessGrant(db, coupleId);
  if (grant) sources.push({ kind: 'granted', by: grant.grantedBy, at: grant.grantedAt });
  for (const seat of await keptSeatsOf(db, coupleId)) {
    sources.push({
      kind: 'seat',
      facilitator: seat.facilitator,
      organisation: seat.organisation,
      packRefunded: seat.packRefunded,
      at: seat.redeemedAt,
    });
  }
  return sources.sort((a, b) => a.at.localeCompare(b.at));
}

/**
 * Full access for the couple, as a completed order would give (docs/product.md#access-levels),
 * kept on the couple as the seller's grant: no refund takes it back (decision 0358).
 */
export async function grantCoupleFullAccess(
  deps: AppDeps,
  actor: AdminActor,
  coupleId: number,
): Promise<{ coupleId: number; accessLevel: AccessLevel; changed: boolean }> {
  return deps.db.transaction().execute(async (trx) => {
    const facts = await requireCouple(trx, coupleId);
    if (facts.accessLevel === 'full') return { coupleId, accessLevel: 'full' as const, changed: false };
    await saveFullAccessGrant(trx, coupleId, actor.admin.accountId);
    await recordAdminAction(trx, actor.admin, 'couple.grant-full-access', {
      target: `couple ${coupleId}`,
      address: actor.address,
    });
    return { coupleId, accessLevel: 'full' as const, changed: true };
  });
}

/**
 * A new personal code for the couple's email account, sent to that email and never shown to the
 * seller (decision 0368; docs/product.md#access-codes): a working code would let the seller sign
 * in as the couple and read the answers admins never see. The old code stops working and every
 * session of the account ends (issueAccessCode); the answer names only the email it went to.
 * Without SMTP_URL nothing could reach the couple: 409 and nothing changes. A couple that signs in
 * only with a username has no email for a code to go with (409).
 */
export async function issueCoupleCode(
  deps: AppDeps,
  actor: AdminActor,
  coupleId: number,
): Promise<{ coupleId: number; sentTo: string }> {
  return deps.db.transaction().execute(async (trx) => {
    await requireCouple(trx, coupleId);
    const account = (await listCoupleAccounts(trx, coupleId)).find((row) => row.email !== null);
    if (!account?.email) {
      throw new AppError(
        'CONFLICT',
        'This couple signs in with a username and password only: a code needs an email to sign in with.',
      );
    }
    const deliver = issuedCodeDelivery(deps, account.email);
    await issueAccessCode(trx, deps, account.accountId, { provesEmail: true, deliver });
    await recordAdminAction(trx, actor.admin, 'couple.issue-code', {
      target: `couple ${coupleId}`,
      address: actor.address,
    });
    return { coupleId, sentTo: account.email };
  });
}

/**
 * Ends every session of every account of the couple (they sign in again), and forgets their
 * devices (decision 0201): a device that should not have been signed in loses its own budget too.
 */
export async function endCoupleSessions(
  deps: AppDeps,
  actor: AdminActor,
  coupleId: number,
): Promise<{ coupleId: number; endedSessions: number }> {
  return deps.db.transaction().execute(async (trx) => {
    await requireCouple(trx, coupleId);
    const endedSessions = await deleteSessionsOfCouple(trx, coupleId);
    await forgetDevices(
      trx,
      (await listCoupleAccounts(trx, coupleId)).map((account) => account.accountId),
    );
    await recordAdminAction(trx, actor.admin, 'couple.end-sessions', {
      target: `couple ${coupleId}`,
      address: actor.address,
    });
    return { coupleId, endedSessions };
  });
}

/**
 * THE deletion of a couple's account, for the back office and (later) the couple's own "delete
 * our account": their answers, summaries, progress, sessions, accounts and the couple itself go;
 * their orders stay for the books with the link to the couple removed, and the gifts they opened
 * stay the buyers' without the couple's names, email and message; the contact messages from
 * their sign-in addresses go. Pass a transaction to run
 * inside it; otherwise it opens its own. Returns what was removed, table by table.
 */
export async function deleteCoupleAccount(db: DB, coupleId: number): Promise<DeletedCoupleRows> {
  if (!db.isTransaction) return db.transaction().execute((trx) => deleteCoupleAccount(trx, coupleId));
  await requireCouple(db, coupleId);
  // The gifts they opened stay the buyers', without the couple's names, email and message, and
  // the contact messages from their addresses go (decision 0334).
  await forgetGiftRecipient(db, coupleId);
  const emails = (await listCoupleAccounts(db, coupleId)).flatMap((account) => (account.email ? [account.email] : []));
  await eraseMessagesFrom(db, emails);
  return deleteCoupleRows(db, coupleId);
}

const CONFIRMATION_MISMATCH =
  "confirmation does not match: type the couple's email or username exactly to delete the account.";

/**
 * The back office's deletion: the admin types the couple's email or username to confirm. The
 * emails sent to the couple about their account go with it, and then their .eml files.
 */
export async function deleteCoupleAsAdmin(
  deps: AppDeps,
  actor: AdminActor,
  input: { coupleId: number; confirmation: string },
): Promise<DeletedCoupleRows> {
  const deleted = await deps.db.transaction().execute(async (trx) => {
    await requireCouple(trx, input.coupleId);
    const typed = input.confirmation.trim().toLowerCase();
    const accounts = await listCoupleAccounts(trx, input.coupleId);
    const names = accounts.flatMap((row) => [row.email, row.username]);
    if (!names.some((name) => name !== null && name.toLowerCase() === typed)) {
      throw new AppError('BAD_REQUEST', CONFIRMATION_MISMATCH);
    }
    await eraseCoupleEmails(trx, {
      coupleId: input.coupleId,
      recipients: accounts.flatMap((row) => (row.email ? [row.email] : [])),
    });
    const deleted = await deleteCoupleAccount(trx, input.coupleId);
    await recordAdminAction(trx, actor.admin, 'couple.delete', {
      target: `couple ${input.coupleId}`,
      address: actor.address,
    });
    return deleted;
  });
  // The couple's cached keepsakes hold their answers (decision 0202). A failure here does not
  // undo the deletion; the hourly outbox pass removes what is left of the outbox.
  await removeKeepsakes(deps, input.coupleId);
  await tidyOutboxFolder(deps, Date.now()).catch(() => undefined);
  return deleted;
}
