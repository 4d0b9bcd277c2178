import { sql } from 'kysely';
import { nowIso, type DB } from '../../db/client';
import { isPostgres } from '../../db/dialect';

/** Every SQL statement of gifts (decision 0242). */

export interface NewGift {
  buyerToken: string;
  redeemCode: string;
  buyerName: string;
  buyerEmail: string;
  coupleNames: string;
  coupleEmail: string;
  message: string;
  sendAt: number;
  locale: string;
}

export interface GiftRow extends NewGift {
  id: number;
  orderId: string | null;
  emailId: number | null;
  paidAt: string | null;
  /** When Stripe reported the delayed payment for this unpaid gift failed (decision 0352). */
  paymentFailedAt: string | null;
  redeemedAt: string | null;
  coupleId: number | null;
  /** The status of the order that paid (or, flagged, is to pay) for it; null before any payment. */
  orderStatus: string | null;
  /** How that order was paid: `coupon` when nothing was (a 100 % coupon); null before any payment. */
  orderProvider: string | null;
}

const giftColumns = [
  'gifts.id as id',
  'gifts.buyer_token as buyerToken',
  'gifts.redeem_code as redeemCode',
  'gifts.buyer_name as buyerName',
  'gifts.buyer_email as buyerEmail',
  'gifts.couple_names as coupleNames',
  'gifts.couple_email as coupleEmail',
  'gifts.message as message',
  'gifts.send_at as sendAt',
  'gifts.locale as locale',
  'gifts.order_id as orderId',
  'gifts.email_id as emailId',
  'gifts.paid_at as paidAt',
  'gifts.payment_failed_at as paymentFailedAt',
  'gifts.redeemed_at as redeemedAt',
  'gifts.couple_id as coupleId',
  'orders.status as orderStatus',
  'orders.provider as orderProvider',
] as const;

/** Gifts with the status of their order (a refunded order voids an unopened gift). */
function selectGifts(db: DB) {
  return db.selectFrom('gifts').leftJoin('orders', 'orders.id', 'gifts.order_id');
}

export async function insertGift(db: DB, gift: NewGift): Promise<number> {
  const row = await db
    .insertInto('gifts')
    .values({
      buyer_token: gift.buyerToken,
      redeem_code: gift.redeemCode,
      buyer_name: gift.buyerName,
      buyer_email: gift.buyerEmail,
      couple_names: gift.coupleNames,
      couple_email: gift.coupleEmail,
      message: gift.message,
      send_at: gift.sendAt,
      locale: gift.locale,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findGiftById(db: DB, id: number): Promise<GiftRow | undefined> {
  return selectGifts(db).select(giftColumns).where('gifts.id', '=', id).executeTakeFirst();
}

export async function findGiftByCode(db: DB, code: string): Promise<GiftRow | undefined> {
  return selectGifts(db).select(giftColumns).where('gifts.redeem_code', '=', code).executeTakeFirst();
}

export async function findGiftByToken(db: DB, token: string): Promise<GiftRow | undefined> {
  return selectGifts(db).select(giftColumns).where('gifts.buyer_token', '=', token).executeTakeFirst();
}

/** The unopened gift an order pays for, if any (a refund of that order voids it). */
export async function findUnredeemedGiftOfOrder(db: DB, orderId: string): Promise<GiftRow | undefined> {
  return selectGifts(db)
    .select(giftColumns)
    .where('gifts.order_id', '=', orderId)
    .where('gifts.redeemed_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Marks the gift paid by `orderId`; true when this call did (a second event for one payment does
 * not, nor a payment for a gift another order is holding or has paid).
 */
export async function markGiftPaid(db: DB, id: number, orderId: string): Promise<boolean> {
  const result = await db
    .updateTable('gifts')
    // Paid: a failure Stripe reported earlier is over (the webhook asked Stripe first, decision 0323).
    .set({ paid_at: nowIso(), order_id: orderId, payment_failed_at: null })
    .where('id', '=', id)
    .where('paid_at', 'is', null)
    .where((eb) => eb.or([eb('order_id', 'is', null), eb('order_id', '=', orderId)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * An unpaid gift whose delayed payment (`orderId`) Stripe reported failed (decision 0352): marked
 * failed and linked to that payment's order, so the back office shows the failed order as this
 * gift's; it stays unpaid, and its code opens nothing. Nothing for a paid gift, or one another
 * payment holds.
 */
export async function markGiftPaymentFailed(db: DB, id: number, orderId: string): Promise<void> {
  await db
    .updateTable('gifts')
    .set({ payment_failed_at: nowIso(), order_id: orderId })
    .where('id', '=', id)
    .where('paid_at', 'is', null)
    .where('payment_failed_at', 'is', null)
    .where((eb) => eb.or([eb('order_id', 'is', null), eb('order_id', '=', orderId)]))
    .execute();
}

/**
 * A payment for the gift that the seller must check first (flagged): the gift is linked to that
 * order, unpaid, so the back office shows the order as this gift's and "Mark paid" pays the gift.
 */
export async function holdGiftForOrder(db: DB, id: number, orderId: string): Promise<void> {
  await db
    .updateTable('gifts')
    .set({ order_id: orderId })
    .where('id', '=', id)
    .where('paid_at', 'is', null)
    .where('order_id', 'is', null)
    .execute();
}

export async function setGiftEmail(db: DB, id: number, emailId: number): Promise<void> {
  await db.updateTable('gifts').set({ email_id: emailId }).where('id', '=', id).execute();
}

export async function setGiftRecipient(db: DB, id: number, email: string): Promise<boolean> {
  const result = await db
    .updateTable('gifts')
    .set({ couple_email: email })
    .where('id', '=', id)
    .where('redeemed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Holds the gift an order paid for, if any, until the transaction ends (on PostgreSQL a row lock;
 * SQLite runs the app's transactions one at a time already). Its opening takes the same row first
 * (markGiftRedeemed), so a refund and an opening of one gift happen one after the other.
 */
export async function lockGiftOfOrder(trx: DB, orderId: string): Promise<void> {
  await trx
    .selectFrom('gifts')
    .select('id')
    .where('order_id', '=', orderId)
    .$if(isPostgres(trx), (query) => query.forUpdate())
    .execute();
}

/** The status of the order that paid for the gift, read afresh (null without one). */
export async function findGiftOrderStatus(db: DB, id: number): Promise<string | null> {
  const row = await selectGifts(db).select('orders.status as status').where('gifts.id', '=', id).executeTakeFirst();
  return row?.status ?? null;
}

/**
 * Marks the gift redeemed; true when this call did (a code used twice finds it redeemed). On
 * PostgreSQL the update holds the gift's row until the transaction ends: a refund of its order
 * waits for it (lockGiftOfOrder), and this waits for a refund under way.
 */
export async function markGiftRedeemed(db: DB, id: number): Promise<boolean> {
  const result = await db
    .updateTable('gifts')
    .set({ redeemed_at: nowIso() })
    .where('id', '=', id)
    .where('redeemed_at', 'is', null)
    .where('paid_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The couple that redeemed the gift, on the gift and on its order (a refund then applies to it). */
export async function recordRedeemingCouple(db: DB, gift: GiftRow, coupleId: number): Promise<void> {
  await db.updateTable('gifts').set({ couple_id: coupleId }).where('id', '=', gift.id).execute();
  if (gift.orderId) {
    await db.updateTable('orders').set({ couple_id: coupleId }).where('id', '=', gift.orderId).execute();
  }
}

/** Whether one of the couple's sign-ins has `email` (the demo account's, for gifts.redeem). */
export async function coupleHasEmail(db: DB, coupleId: number, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where('couple_id', '=', coupleId)
    .where('email', '=', email)
    .executeTakeFirst();
  return row !== undefined;
}

/** The gift emails of the gifts `coupleId` opened (the row each gift points at), any status. */
export async function findEmailsOfGiftsOpenedBy(db: DB, coupleId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('gifts')
    .select('email_id')
    .where('couple_id', '=', coupleId)
    .where('email_id', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.email_id === null ? [] : [row.email_id]));
}

/**
 * The recipient's part of the gifts `coupleId` opened, blanked (decision 0334): the names and the
 * email the buyer typed for them, the message to them, the link to their gift email and to the
 * couple. What the buyer and the seller's books need stays: the buyer, the code, the order, the
 * dates. Answers how many gifts.
 */
export async function blankGiftRecipient(db: DB, coupleId: number): Promise<number> {
  const result = await db
    .updateTable('gifts')
    .set({ couple_names: '', couple_email: '', message: '', email_id: null, couple_id: null })
    .where('couple_id', '=', coupleId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface AdminGiftRow extends GiftRow {
  emailStatus: string | null;
  createdAt: string;
}

/**
 * Gifts paid, or whose payment is under way or failed (an unpaid gift that names a payment,
 * decision 0366), newest first (by payment, else by checkout), with the state of their gift email;
 * never the redeem code's use. A gift whose checkout was never completed names no payment.
 */
export async function listGiftsWithPayment(db: DB, limit: number): Promise<AdminGiftRow[]> {
  return selectGifts(db)
    .leftJoin('outbound_emails', 'outbound_emails.id', 'gifts.email_id')
    .select([...giftColumns, 'outbound_emails.status as emailStatus', 'gifts.created_at as createdAt'])
    .where((eb) => eb.or([eb('gifts.paid_at', 'is not', null), eb('gifts.order_id', 'is not', null)]))
    .orderBy(sql`coalesce(gifts.paid_at, gifts.created_at)`, 'desc')
    .orderBy('gifts.id', 'desc')
    .limit(limit)
    .execute();
}

export async function findEmailStatus(db: DB, emailId: number | null): Promise<string | null> {
  if (emailId === null) return null;
  const row = await db.selectFrom('outbound_emails').select('status').where('id', '=', emailId).executeTakeFirst();
  return row?.status ?? null;
}
