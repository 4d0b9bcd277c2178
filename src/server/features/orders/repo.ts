import type { AccessLevel } from '../../../shared/constants';
import type { Locale } from '../../../shared/i18n/locales';
import { nowIso, type DB } from '../../db/client';

/** An order as every caller sees it (docs/product.md#http-api): amount in cents. */
export interface OrderView {
  id: string;
  amount: number;
  firstName: string;
  lastName: string;
  email: string;
  status: string;
}

/** An order with what only the pages use: its currency, and the seller's flag (null when fine). */
export interface OrderRecord extends OrderView {
  currency: string;
  flag: string | null;
  /** When Stripe reported its delayed payment failed (decision 0323); null otherwise. */
  paymentFailedAt: string | null;
}

/**
 * The order with this id, unless it belongs to the couple of the account whose email is
 * `hiddenAccountEmail` (the demo account while demo mode is off): then there is no such order.
 */
export async function findOrder(
  db: DB,
  id: string,
  hiddenAccountEmail: string | null,
): Promise<OrderRecord | undefined> {
  let query = db
    .selectFrom('orders')
    .select([
      'orders.id',
      'orders.amount',
      'orders.first_name as firstName',
      'orders.last_name as lastName',
      'orders.email',
      'orders.status',
      'orders.currency',
      'orders.flag',
      'orders.payment_failed_at as paymentFailedAt',
    ])
    .where('orders.id', '=', id);
  if (hiddenAccountEmail !== null) {
    query = query.where((eb) =>
      eb.or([
        eb('orders.couple_id', 'is', null),
        eb.not(
          eb.exists(
            eb
              .selectFrom('accounts')
              .select('accounts.id')
              .whereRef('accounts.couple_id', '=', 'orders.couple_id')
              .where('accounts.email', '=', hiddenAccountEmail),
          ),
        ),
      ]),
    );
  }
  return query.executeTakeFirst();
}

export async function insertOrder(
  db: DB,
  order: OrderView & { coupleId: number | null; currency: string },
): Promise<void> {
  await db
    .insertInto('orders')
    .values({
      id: order.id,
      couple_id: order.coupleId,
      amount: order.amount,
      currency: order.currency,
      first_name: order.firstName,
      last_name: order.lastName,
      email: order.email,
      status: order.status,
      created_at: nowIso(),
    })
    .execute();
}

/** The uploaded weekly frameworks in week order: what the complete workbook is merged from. */
export interface FrameworkFile {
  weekNumber: number;
  fileName: string;
  fileSize: number;
  uploadedAt: string;
}

export async function listFrameworkFiles(db: DB): Promise<FrameworkFile[]> {
  return db
    .selectFrom('frameworks')
    .select([
      'week_number as weekNumber',
      'file_name as fileName',
      'file_size as fileSize',
      'uploaded_at as uploadedAt',
    ])
    .orderBy('week_number')
    .execute();
}

/** A couple's sign-in account, as order fulfilment needs it (never a hash). */
export interface CoupleAccount {
  accountId: number;
  coupleId: number;
  email: string | null;
  username: string | null;
  accessLevel: AccessLevel;
  /** When the email was proven (null: never, e.g. typed in to start a trial). */
  emailVerifiedAt: string | null;
}

/** A couple's sign-in accounts with their couple's access (the shape of CoupleAccount). */
export function selectCoupleAccounts(db: DB) {
  return db
    .selectFrom('accounts')
    .innerJoin('couples', 'couples.id', 'accounts.couple_id')
    .select([
      'accounts.id as accountId',
      'couples.id as coupleId',
      'accounts.email as email',
      'accounts.username as username',
      'couples.access_level as accessLevel',
      'accounts.email_verified_at as emailVerifiedAt',
    ])
    .where('accounts.role', '=', 'couple');
}

export async function findCoupleAccountByEmail(db: DB, email: string): Promise<CoupleAccount | undefined> {
  return selectCoupleAccounts(db).where('accounts.email', '=', email).executeTakeFirst();
}

/** Usernames are unique case-insensitively (the column collates nocase). */
export async function findCoupleAccountByUsername(db: DB, username: string): Promise<CoupleAccount | undefined> {
  return selectCoupleAccounts(db).where('accounts.username', '=', username).executeTakeFirst();
}

/** Is the email used by any account at all (admins included)? */
export async function isEmailTaken(db: DB, email: string): Promise<boolean> {
  const row = await db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}

/**
 * A new couple with full access and an empty profile (so onboarding opens at first sign-in), and its
 * email account, which gets its personal access code from issueAccessCode (auth feature).
 */
export async function createFullAccessCouple(
  db: DB,
  account: { email: string; locale?: Locale | undefined },
): Promise<{ coupleId: number; accountId: number }> {
  const now = nowIso();
  const couple = await db
    .insertInto('couples')
    .values({ display_name: '', partner_name: '', wedding_date: null, access_level: 'full', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const created = await db
    .insertInto('accounts')
    .values({
      role: 'couple',
      couple_id: couple.id,
      username: null,
      email: account.email,
      password_hash: null,
      access_code_hash: null,
      created_at: now,
      ...(account.locale && { locale: account.locale }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { coupleId: couple.id, accountId: created.id };
}

export async function grantFullAccess(db: DB, coupleId: number): Promise<void> {
  await db.updateTable('couples').set({ access_level: 'full' }).where('id', '=', coupleId).execute();
}
