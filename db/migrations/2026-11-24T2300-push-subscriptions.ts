import type { Kysely } from 'kysely';

/**
 * Push reminders (issue 36, decisions 0270-0272):
 * - push_subscriptions: one row per device (browser) that opted in from Profile, bound to the
 *   sign-in (account) that subscribed it; the endpoint is unique (a device that signs in as someone
 *   else and opts in again moves to that account). Removed with the account, or when the push
 *   service answers 404/410 (the subscription expired or was revoked).
 * - push_messages: the push outbox, written in the same transaction as the reminder or share that
 *   causes it, one row per device, sent and retried by the push worker, removed once delivered (or
 *   given up), and with its device.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('device_label', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_delivered_at', 'text')
    .execute();
  await db.schema.createIndex('push_subscriptions_account').on('push_subscriptions').column('account_id').execute();
  await db.schema
    .createTable('push_messages')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('subscription_id', 'integer', (c) => c.notNull().references('push_subscriptions.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    /** JSON: the notification's title, body and url, already in the recipient's language. */
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    /** Epoch milliseconds: not sent before this (retries wait). */
    .addColumn('next_attempt_at', 'integer', (c) => c.notNull())
    /** Epoch milliseconds: a worker is sending it until then. */
    .addColumn('leased_until', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_messages_due').on('push_messages').column('next_attempt_at').execute();
  await db.schema.createIndex('push_messages_subscription').on('push_messages').column('subscription_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('push_messages').execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
