import { sql } from 'kysely';
import { nowIso, type DB } from '../../db/client';

/** Every SQL statement of coupons (decision 0240): the codes, their uses, and what they earned. */

export interface CouponRow {
  id: number;
  code: string;
  kind: 'percent' | 'fixed';
  amount: number;
  expiresAt: string | null;
  maxUses: number | null;
  firstPurchaseOnly: number;
  active: number;
  usesTaken: number;
  createdAt: string;
}

const couponColumns = [
  'id',
  'code',
  'kind',
  'amount',
  'expires_at as expiresAt',
  'max_uses as maxUses',
  'first_purchase_only as firstPurchaseOnly',
  'active',
  'uses_taken as usesTaken',
  'created_at as createdAt',
] as const;

export async function findCouponByCode(db: DB, code: string): Promise<CouponRow | undefined> {
  return db.selectFrom('coupons').select(couponColumns).where('code', '=', code).executeTakeFirst();
}

export async function findCouponById(db: DB, id: number): Promise<CouponRow | undefined> {
  return db.selectFrom('coupons').select(couponColumns).where('id', '=', id).executeTakeFirst();
}

export interface CouponValues {
  code: string;
  kind: 'percent' | 'fixed';
  amount: number;
  expiresAt: string | null;
  maxUses: number | null;
  firstPurchaseOnly: boolean;
  active: boolean;
}

function columns(values: CouponValues) {
  return {
    code: values.code,
    kind: values.kind,
    amount: values.amount,
    expires_at: values.expiresAt,
    max_uses: values.maxUses,
    first_purchase_only: values.firstPurchaseOnly ? 1 : 0,
    active: values.active ? 1 : 0,
  };
}

/** The new coupon's id, or undefined when the code exists already. */
export async function insertCoupon(db: DB, values: CouponValues): Promise<number | undefined> {
  const row = await db
    .insertInto('coupons')
    .values({ ...columns(values), created_at: nowIso() })
    .onConflict((oc) => oc.column('code').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function updateCoupon(db: DB, id: number, values: CouponValues): Promise<boolean> {
  const result = await db.updateTable('coupons').set(columns(values)).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function isCodeTakenByAnother(db: DB, code: string, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('coupons')
    .select('id')
    .where('code', '=', code)
    .where('id', '!=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes one use of the coupon when the cap allows it: one conditional UPDATE, which PostgreSQL
 * re-checks against the committed row when another transaction raised it first, and SQLite runs
 * one writer at a time. True when a use was taken.
 */
export async function takeCouponUse(db: DB, couponId: number): Promise<boolean> {
  const result = await db
    .updateTable('coupons')
    .set({ uses_taken: sql`uses_taken + 1` })
    .where('id', '=', couponId)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses_taken', '<', eb.ref('max_uses'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function giveBackCouponUses(db: DB, couponId: number, count: number): Promise<void> {
  if (count <= 0) return;
  await db
    .updateTable('coupons')
    .set({ uses_taken: sql`case when uses_taken >= ${count} then uses_taken - ${count} else 0 end` })
    .where('id', '=', couponId)
    .execute();
}

export async function insertCouponUse(
  db: DB,
  use: { couponId: number; amount: number; reservedUntil: number; status: 'reserved' | 'used'; orderId?: string },
): Promise<number> {
  const row = await db
    .insertInto('coupon_uses')
    .values({
      coupon_id: use.couponId,
      status: use.status,
      amount: use.amount,
      reserved_until: use.reservedUntil,
      order_id: use.orderId ?? null,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface CouponUseRow {
  id: number;
  couponId: number;
  status: 'reserved' | 'used' | 'released';
  amount: number;
  orderId: string | null;
}

export async function findCouponUse(db: DB, id: number): Promise<CouponUseRow | undefined> {
  return db
    .selectFrom('coupon_uses')
    .select(['id', 'coupon_id as couponId', 'status', 'amount', 'order_id as orderId'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Links a use not yet used to the order that pays for it: a payment under way, or one the seller
 * checks. Held so, the use is no longer released by time (releaseStaleReservations).
 */
export async function holdCouponUseForOrder(db: DB, id: number, orderId: string): Promise<void> {
  await db
    .updateTable('coupon_uses')
    .set({ order_id: orderId })
    .where('id', '=', id)
    .where('status', '!=', 'used')
    .where('order_id', 'is', null)
    .execute();
}

/** The use an order holds (a flagged payment's), not yet counted as used. */
export async function findHeldCouponUse(db: DB, orderId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('coupon_uses')
    .select('id')
    .where('order_id', '=', orderId)
    .where('status', '!=', 'used')
    .executeTakeFirst();
  return row?.id;
}

/** Moves a use from `from` to `to`; true when this call moved it (another may have first). */
export async function moveCouponUse(
  db: DB,
  id: number,
  from: 'reserved' | 'released',
  to: 'used' | 'released',
  orderId?: string,
): Promise<boolean> {
  const result = await db
    .updateTable('coupon_uses')
    .set({ status: to, ...(orderId !== undefined && { order_id: orderId }) })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Releases the coupon's reservations past their time; answers how many this call released. A use
 * held for an order (a payment under way, or one the seller must check) is never stale: it waits
 * for that payment's outcome (decision 0315).
 */
export async function releaseStaleReservations(db: DB, couponId: number, now: number): Promise<number> {
  const result = await db
    .updateTable('coupon_uses')
    .set({ status: 'released' })
    .where('coupon_id', '=', couponId)
    .where('status', '=', 'reserved')
    .where('reserved_until', '<', now)
    .where('order_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Whether the email has a completed order (a first-purchase coupon is for those who have none). */
export async function hasCompletedOrder(db: DB, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('email', '=', email)
    .where('status', '=', 'completed')
    .executeTakeFirst();
  return row !== undefined;
}

export interface CouponStatsRow extends CouponRow {
  uses: number;
  reserved: number;
  revenueCents: number;
}

/** Every coupon with its completed uses, live reservations and revenue, newest first. */
export async function listCouponsWithStats(db: DB): Promise<CouponStatsRow[]> {
  const rows = await db
    .selectFrom('coupons')
    .leftJoin('coupon_uses', 'coupon_uses.coupon_id', 'coupons.id')
    .leftJoin('orders', (join) =>
      join.onRef('orders.id', '=', 'coupon_uses.order_id').on('orders.status', '=', 'completed'),
    )
    .select([
      'coupons.id as id',
      'coupons.code as code',
      'coupons.kind as kind',
      'coupons.amount as amount',
      'coupons.expires_at as expiresAt',
      'coupons.max_uses as maxUses',
      'coupons.first_purchase_only as firstPurchaseOnly',
      'coupons.active as active',
      'coupons.uses_taken as usesTaken',
      'coupons.created_at as createdAt',
      sql<number>`sum(case when orders.id is not null then 1 else 0 end)`.as('uses'),
      sql<number>`sum(case when coupon_uses.status = 'reserved' then 1 else 0 end)`.as('reserved'),
      sql<number>`coalesce(sum(orders.amount), 0)`.as('revenueCents'),
    ])
    .groupBy([
      'coupons.id',
      'coupons.code',
      'coupons.kind',
      'coupons.amount',
      'coupons.expires_at',
      'coupons.max_uses',
      'coupons.first_purchase_only',
      'coupons.active',
      'coupons.uses_taken',
      'coupons.created_at',
    ])
    .orderBy('coupons.id', 'desc')
    .execute();
  return rows.map((row) => ({
    ...row,
    uses: Number(row.uses ?? 0),
    reserved: Number(row.reserved ?? 0),
    revenueCents: Number(row.revenueCents ?? 0),
  }));
}
