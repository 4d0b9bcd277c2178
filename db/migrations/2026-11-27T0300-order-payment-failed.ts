import type { Kysely } from 'kysely';

/**
 * When Stripe reported an order's delayed payment failed (decision 0323): the order keeps the
 * contract's status `pending` (it was never paid, nor refunded) and this says it is over, so the
 * back office and /success show it as failed and a late event cannot complete it unless Stripe
 * says the session is paid. Null for every other order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('payment_failed_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('payment_failed_at').execute();
}
