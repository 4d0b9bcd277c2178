import { sql, type Kysely } from 'kysely';

/**
 * One row per payment whose failure was told (decision 0365): the webhook inserts the payment's
 * id before queuing the buyer's email and the seller's notice, and only the insert that made the
 * row queues them. The key makes the claim atomic: on PostgreSQL two failure events for one
 * payment processed at the same instant could each miss the other's record in payment_events and
 * both tell (decision 0350); the second insert now waits for the first and finds its row.
 * Payments told before this migration are claimed from their recorded failure events.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payment_failure_notices')
    .addColumn('payment_intent', 'text', (col) => col.primaryKey())
    .addColumn('told_at', 'text', (col) => col.notNull())
    .execute();
  await sql`
    insert into payment_failure_notices (payment_intent, told_at)
    select payment_intent, min(received_at) from payment_events
    where type = 'checkout.session.async_payment_failed' and payment_intent is not null
    group by payment_intent
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_failure_notices').execute();
}
