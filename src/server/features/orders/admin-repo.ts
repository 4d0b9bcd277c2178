import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { AccessLevel } from '../../../shared/constants';
import type { AnyOrderStatus } from '../../../shared/admin-schemas';
import type { DB } from '../../db/client';
import { isPostgres } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { type CoupleAccount, selectCoupleAccounts } from './repo';

/** An order as the back office lists it (docs/product.md#back-office-orders-and-couples). */
export interface AdminOrderRow {
  id: string;
  amount: number;
  /** Lower-case ISO code of the amount. */
  currency: string;
  firstName: string;
  lastName: string;
  email: string;
  status: string;
  createdAt: string;
  coupleId: number | null;
  /** Whether the order was paid through Stripe (card checkout) rather than recorded by hand. */
  paidThroughStripe: boolean;
  /**
   * The gift this order paid for (decision 0242), else null: the order's names and email are the
   * giver's, and the access goes to the couple who opens the gift.
   */
  gift: OrderGift | null;
  /**
   * Why a pending order waits for the seller (the webhook's note, in English: the amount or
   * currency is not the price, the email is reserved or an administrator's, an unknown gift),
   * else null; null once the order is no longer pending.
   */
  flag: string | null;
  /**
   * Stripe reported its delayed payment failed (decision 0323): the order stays `pending`, one of
   * the contract's statuses, but is over: nothing was paid and it cannot be marked paid.
   */
  paymentFailed: boolean;
}

export interface OrderGift {
  id: number;
  coupleNames: string;
  coupleEmail: string;
  /** The couple who opened it (null until then). */
  coupleId: number | null;
  redeemed: boolean;
}

export interface OrderListFilters {
  search: string;
  status?: AnyOrderStatus;
}

/** Everything text above `prefix` in binary order that starts with it ends below this bound. */
export function prefixUpperBound(prefix: string): string {
  return `${prefix}\u{10FFFF}`;
}

/**
 * The search: the prefix of the order id (as typed; ids are case-sensitive), of the email, of the
 * last name or of the full name "first last" (both lower-cased). Each term is a range on its own
 * index (migration 2026-11-23T1400), so a search reads only the matches (decision 0146). The
 * expressions must stay exactly as the indexes spell them.
 */
function searchTerms(eb: ExpressionBuilder<Database, 'orders'>, search: string) {
  const lower = search.toLowerCase();
  const range = (column: ReturnType<typeof sql<string>>, from: string) =>
    eb.and([eb(column, '>=', from), eb(column, '<', prefixUpperBound(from))]);
  return eb.or([
    range(sql<string>`orders.id`, search),
    range(sql<string>`orders.email`, lower),
    range(sql<string>`lower(orders.last_name)`, lower),
    range(sql<string>`lower(orders.first_name || ' ' || orders.last_name)`, lower),
  ]);
}

function filtered<O>(db: DB, query: SelectQueryBuilder<Database, 'orders', O>, filters: OrderListFilters) {
  let result = query;
  if (filters.search !== '') {
    result = result.where((eb) => searchTerms(eb, filters.search));
    // With a search, its ranges find the rows and the status only sieves them: `+` keeps SQLite
    // from walking every order of the status through the status index instead. PostgreSQL's
    // planner weighs both by their statistics and has no unary `+` for text.
    if (filters.status) {
      const status = isPostgres(db) ? sql<string>`orders.status` : sql<string>`+orders.status`;
      result = result.where(status, '=', filters.status);
    }
  } else if (filters.status) {
    result = result.where('orders.status', '=', filters.status);
  }
  return result;
}

function selectAdminOrders(db: DB) {
  return db
    .selectFrom('orders')
    .select([
      'orders.id',
      'orders.amount',
      'orders.currency',
      'orders.first_name as firstName',
      'orders.last_name as lastName',
      'orders.email',
      'orders.status',
      'orders.created_at as createdAt',
      'orders.couple_id as coupleId',
      'orders.flag',
      'orders.payment_failed_at as paymentFailedAt',
      sql<number>`case when orders.provider = 'stripe' then 1 else 0 end`.as('paidThroughStripe'),
    ]);
}

/** The gift an order paid for, if any (through the gifts_order index: one lookup per row). */
function withGift<O>(query: SelectQueryBuilder<Database, 'orders', O>) {
  return query
    .leftJoin('gifts', 'gifts.order_id', 'orders.id')
    .select([
      'gifts.id as giftId',
      'gifts.couple_names as giftCoupleNames',
      'gifts.couple_email as giftCoupleEmail',
      'gifts.couple_id as giftCoupleId',
      'gifts.redeemed_at as giftRedeemedAt',
    ]);
}

type SelectedOrder = Omit<AdminOrderRow, 'paidThroughStripe' | 'gift' | 'paymentFailed'> & {
  paidThroughStripe: number;
  paymentFailedAt: string | null;
  giftId: number | null;
  giftCoupleNames: string | null;
  giftCoupleEmail: string | null;
  giftCoupleId: number | null;
  giftRedeemedAt: string | null;
};

/** The row as the back office shows it: the database answers 1 or 0 for the provider test. */
function toAdminRow(row: SelectedOrder): AdminOrderRow {
  const { giftId, giftCoupleNames, giftCoupleEmail, giftCoupleId, giftRedeemedAt, paymentFailedAt, ...order } = row;
  const paymentFailed = order.status === 'pending' && paymentFailedAt !== null;
  return {
    ...order,
    paidThroughStripe: Number(row.paidThroughStripe) === 1,
    // Mark paid leaves the note in the row: it said why the order waited, not why it is paid.
    flag: order.status === 'pending' && !paymentFailed ? order.flag : null,
    paymentFailed,
    gift:
      giftId === null
        ? null
        : {
            id: giftId,
            coupleNames: giftCoupleNames ?? '',
            coupleEmail: giftCoupleEmail ?? '',
            coupleId: giftCoupleId,
            redeemed: giftRedeemedAt !== null,
          },
  };
}

/** One page of orders, newest first. */
export async function listAdminOrders(
  db: DB,
  filters: OrderListFilters,
  page: { limit: number; offset: number },
): Promise<AdminOrderRow[]> {
  return withGift(filtered(db, selectAdminOrders(db), filters))
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
    .then((rows) => rows.map(toAdminRow));
}

export async function countAdminOrders(db: DB, filters: OrderListFilters): Promise<number> {
  const row = await filtered(
    db,
    db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('total')),
    filters,
  ).executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * The next `limit` orders after `after` (newest first), for the CSV export: keyset pages, so a
 * long export never walks an offset.
 */
export async function listAdminOrdersAfter(
  db: DB,
  filters: OrderListFilters,
  after: { createdAt: string; id: string } | null,
  limit: number,
): Promise<AdminOrderRow[]> {
  let query = withGift(filtered(db, selectAdminOrders(db), filters));
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('orders.created_at', '<', after.createdAt),
        eb.and([eb('orders.created_at', '=', after.createdAt), eb('orders.id', '<', after.id)]),
      ]),
    );
  }
  const rows = await query.orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(limit).execute();
  return rows.map(toAdminRow);
}

export async function findAdminOrder(db: DB, orderId: string): Promise<AdminOrderRow | undefined> {
  const row = await withGift(selectAdminOrders(db).where('orders.id', '=', orderId)).executeTakeFirst();
  return row && toAdminRow(row);
}

export async function setOrderStatus(
  db: DB,
  orderId: string,
  status: AnyOrderStatus,
  coupleId?: number | null,
): Promise<void> {
  await db
    .updateTable('orders')
    .set(coupleId === undefined ? { status } : { status, couple_id: coupleId })
    .where('id', '=', orderId)
    .execute();
}

/**
 * The sign-in account an order's couple is reached through: the couple's account with the
 * order's email, else its first account.
 */
export async function findAccountOfCouple(db: DB, coupleId: number, email: string): Promise<CoupleAccount | undefined> {
  return selectCoupleAccounts(db)
    .where('accounts.couple_id', '=', coupleId)
    .orderBy(sql`accounts.email is not distinct from ${email}`, 'desc')
    .orderBy('accounts.id')
    .limit(1)
    .executeTakeFirst();
}

/** The couple's orders (docs/product.md#orders): linked to it, or carrying one of its accounts' emails. */
function ofCouple(coupleId: number) {
  return (eb: ExpressionBuilder<Database, 'orders'>) =>
    eb.or([
      eb('orders.couple_id', '=', coupleId),
      eb.and([
        eb(
          'orders.email',
          'in',
          eb
            .selectFrom('accounts')
            .select('accounts.email')
            .where('accounts.couple_id', '=', coupleId)
            .where('accounts.email', 'is not', null),
        ),
        // A gift's order carries the giver's email but pays for another couple's access: it is
        // theirs once they open it (linked by couple_id), never the giver's.
        eb.not(eb.exists(eb.selectFrom('gifts').select('gifts.id').whereRef('gifts.order_id', '=', 'orders.id'))),
      ]),
    ]);
}

/** Does a completed order of the couple (other than `exceptOrderId`, when given) cover it? */
export async function hasOtherCompletedOrder(db: DB, coupleId: number, exceptOrderId?: string): Promise<boolean> {
  let query = db.selectFrom('orders').select('orders.id').where('orders.status', '=', 'completed');
  if (exceptOrderId !== undefined) query = query.where('orders.id', '!=', exceptOrderId);
  const row = await query.where(ofCouple(coupleId)).limit(1).executeTakeFirst();
  return row !== undefined;
}

export interface CoupleOrderRow {
  id: string;
  amount: number;
  currency: string;
  status: string;
  email: string;
  createdAt: string;
  /** Stripe reported its delayed payment failed (decision 0323): `pending`, but over. */
  paymentFailed: boolean;
  /** A gift's order, which the couple opened (someone else bought it for them). */
  gift: boolean;
}

/** The couple's orders, newest first (its back-office page). */
export async function listOrdersOfCouple(db: DB, coupleId: number): Promise<CoupleOrderRow[]> {
  const rows = await db
    .selectFrom('orders')
    .select([
      'orders.id',
      'orders.amount',
      'orders.currency',
      'orders.status',
      'orders.email',
      'orders.created_at as createdAt',
      'orders.payment_failed_at as paymentFailedAt',
    ])
    .select((eb) =>
      eb.exists(eb.selectFrom('gifts').select('gifts.id').whereRef('gifts.order_id', '=', 'orders.id')).as('gift'),
    )
    .where(ofCouple(coupleId))
    .orderBy('orders.created_at', 'desc')
    .limit(100)
    .execute();
  return rows.map(({ paymentFailedAt, gift, ...row }) => ({
    ...row,
    paymentFailed: row.status === 'pending' && paymentFailedAt !== null,
    gift: Boolean(gift),
  }));
}

export async function getAccessLevel(db: DB, coupleId: number): Promise<AccessLevel | undefined> {
  const row = await db
    .selectFrom('couples')
    .select('access_level as accessLevel')
    .where('id', '=', coupleId)
    .executeTakeFirst();
  return row?.accessLevel;
}

export async function setAccessLevel(db: DB, coupleId: number, accessLevel: AccessLevel): Promise<void> {
  await db.updateTable('couples').set({ access_level: accessLevel }).where('id', '=', coupleId).execute();
}
