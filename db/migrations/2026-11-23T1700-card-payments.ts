import type { Kysely } from 'kysely';

/**
 * Card payments through Stripe Checkout (docs/product.md#card-payments):
 * - orders remember their currency, the provider that took the payment (null: recorded by hand),
 *   and a flag when a payment could not be honoured as paid (e.g. an amount that is not the price);
 * - payment_events holds every webhook event processed, so each one is processed at most once,
 *   and a refund that arrives before its payment is remembered.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('currency', 'text', (col) => col.notNull().defaultTo('usd'))
    .execute();
  await db.schema.alterTable('orders').addColumn('provider', 'text').execute();
  await db.schema.alterTable('orders').addColumn('flag', 'text').execute();
  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('payment_intent', 'text')
    .addColumn('received_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('payment_events_payment_intent')
    .on('payment_events')
    .columns(['payment_intent', 'type'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_events').execute();
  await db.schema.alterTable('orders').dropColumn('flag').execute();
  await db.schema.alterTable('orders').dropColumn('provider').execute();
  await db.schema.alterTable('orders').dropColumn('currency').execute();
}
