import type { Kysely } from 'kysely';

/**
 * When Stripe reported the delayed payment (a bank debit) of an unpaid gift or a pending seat pack
 * failed (decision 0352), as `orders.payment_failed_at` does for an order (decision 0323): the gift
 * stays unpaid and the pack pending (neither opens anything), and each is shown as failed to its
 * buyer and the seller. Null for every other gift and pack.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('gifts').addColumn('payment_failed_at', 'text').execute();
  await db.schema.alterTable('seat_packs').addColumn('payment_failed_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('seat_packs').dropColumn('payment_failed_at').execute();
  await db.schema.alterTable('gifts').dropColumn('payment_failed_at').execute();
}
