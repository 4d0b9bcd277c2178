import { nowIso, type DB } from '../../db/client';

/** Every SQL statement of card payments: the processed events and the orders Stripe paid for. */

/**
 * Records a webhook event as processed. False when it was recorded before: it has been
 * processed (in the transaction that recorded it) and must change nothing now.
 */
export async function recordPaymentEvent(
  db: DB,
  event: { id: string; type: string; paymentIntent: string | null },
): Promise<boolean> {
  const result = await db
    .insertInto('payment_events')
    .values({ id: event.id, type: event.type, payment_intent: event.paymentIntent, received_at: nowIso() })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Whether a full refund of this payment intent was recorded (it may arrive before the payment). */
export async function hasRefundEvent(db: DB, paymentIntent: string): Promise<boolean> {
  const row = await db
    .selectFrom('payment_events')
    .select('id')
    .where('payment_intent', '=', paymentIntent)
    .where('type', '=', 'charge.refunded')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether Stripe reported this payment intent's delayed payment failed
 * (checkout.session.async_payment_failed), whatever order row exists (decision 0323).
 */
export async function hasPaymentFailedEvent(db: DB, paymentIntent: string): Promise<boolean> {
  const query = db
    .selectFrom('payment_events')
    .select('id')
    .where('payment_intent', '=', paymentIntent)
    .where('type', '=', 'checkout.session.async_payment_failed');
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * Claims the telling of this payment's failure (decision 0365): true for the one call that records
 * it, false for every later one. The key makes it atomic: on PostgreSQL a second transaction's
 * insert waits for the first to end and then finds its row.
 */
export async function claimPaymentFailureNotice(db: DB, paymentIntent: string): Promise<boolean> {
  const result = await db
    .insertInto('payment_failure_notices')
    .values({ payment_intent: paymentIntent, told_at: nowIso() })
    .onConflict((oc) => oc.column('payment_intent').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export interface PaymentOrderRow {
  id: string;
  status: string;
  coupleId: number | null;
  /** 'stripe' when a card payment created the order; null when recorded by hand. */
  provider: string | null;
}

export async function findPaymentOrder(db: DB, id: string): Promise<PaymentOrderRow | undefined> {
  return db
    .selectFrom('orders')
    .select(['id', 'status', 'couple_id as coupleId', 'provider'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface PaymentOrder {
  id: string;
  coupleId: number | null;
  amount: number;
  currency: string;
  firstName: string;
  lastName: string;
  email: string;
  status: 'pending' | 'completed' | 'refunded';
  flag: string | null;
  /** 'stripe' (the default) or 'coupon' (a 100 % coupon: nothing to pay, decision 0240). */
  provider?: 'stripe' | 'coupon';
}

/** Inserts the order Stripe paid for, or brings the existing row (a pending placeholder) up to date. */
/** The orders row's columns for a Stripe order (all but its id and creation time). */
function stripeOrderColumns(order: Omit<PaymentOrder, 'id'>) {
  return {
    couple_id: order.coupleId,
    amount: order.amount,
    currency: order.currency,
    first_name: order.firstName,
    last_name: order.lastName,
    email: order.email,
    status: order.status,
    provider: order.provider ?? 'stripe',
    flag: order.flag,
    // Saved from a session Stripe calls paid (or refunded): a failure it reported earlier is over.
    payment_failed_at: null,
  };
}

export async function saveStripeOrder(db: DB, order: PaymentOrder): Promise<void> {
  const values = stripeOrderColumns(order);
  await db
    .insertInto('orders')
    .values({ id: order.id, created_at: nowIso(), ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}

/** A pending order for a payment the webhook has not confirmed yet; nothing when the order exists. */
export async function insertPendingOrderIfAbsent(db: DB, order: Omit<PaymentOrder, 'status' | 'flag'>): Promise<void> {
  await db
    .insertInto('orders')
    .values({ id: order.id, created_at: nowIso(), ...stripeOrderColumns({ ...order, status: 'pending', flag: null }) })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** A pending order whose payment was refunded: it never gave access, so only its status changes. */
export async function markPendingOrderRefunded(db: DB, id: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({ status: 'refunded' })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * A pending order whose delayed payment Stripe reported failed (decision 0323): it keeps the
 * contract's status `pending` and is marked over; nothing for an order that is paid or refunded.
 */
export async function markPendingOrderPaymentFailed(db: DB, id: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({ payment_failed_at: nowIso() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('payment_failed_at', 'is', null)
    .execute();
}

export interface ReferencedAccount {
  accountId: number;
  coupleId: number;
  email: string | null;
}

/** The couple account a checkout session was started by (client_reference_id). */
export async function findCoupleAccountById(db: DB, accountId: number): Promise<ReferencedAccount | undefined> {
  return db
    .selectFrom('accounts')
    .select(['id as accountId', 'couple_id as coupleId', 'email'])
    .where('id', '=', accountId)
    .where('role', '=', 'couple')
    .where('couple_id', 'is not', null)
    .executeTakeFirst() as Promise<ReferencedAccount | undefined>;
}

export async function grantFullAccessToCouple(db: DB, coupleId: number): Promise<void> {
  await db.updateTable('couples').set({ access_level: 'full' }).where('id', '=', coupleId).execute();
}

/** The signed-in sign-in's email and the couple's first name, to fill in the pricing form. */
export async function findBuyerDetails(
  db: DB,
  accountId: number,
): Promise<{ email: string | null; firstName: string } | undefined> {
  return db
    .selectFrom('accounts')
    .innerJoin('couples', 'couples.id', 'accounts.couple_id')
    .select(['accounts.email as email', 'couples.display_name as firstName'])
    .where('accounts.id', '=', accountId)
    .executeTakeFirst();
}
