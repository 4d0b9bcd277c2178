import { type Kysely, sql } from 'kysely';

/**
 * Email (decisions 0137-0139): the durable outbox, the record of weekly reminders sent, each
 * couple's reminder choice, and when a contact message was answered.
 *
 * - outbound_emails: one row per message, written in the same transaction as the change that
 *   causes it, sent by the in-process worker. `message_id` is chosen when the row is written, so a
 *   message sent again after a crash between the send and its commit keeps its Message-ID.
 *   `next_attempt_at` and `locked_until` are epoch milliseconds (compared by the worker).
 * - reminders_sent: at most one weekly reminder per couple and week (the primary key), whatever
 *   the restarts or processes.
 * - couples.weekly_reminders: on (1) by default; the unsubscribe link and the profile turn it off.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outbound_emails')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('message_id', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('text_body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('html_body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('headers', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('sensitive', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('preparing', 'pending', 'sent', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'integer', (c) => c.notNull())
    .addColumn('locked_until', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('outbound_emails_due')
    .on('outbound_emails')
    .columns(['status', 'next_attempt_at'])
    .execute();

  await db.schema
    .createTable('reminders_sent')
    .addColumn('couple_id', 'integer', (c) => c.notNull().references('couples.id').onDelete('cascade'))
    .addColumn('week_number', 'integer', (c) => c.notNull().check(sql`week_number between 1 and 52`))
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('reminders_sent_pk', ['couple_id', 'week_number'])
    .execute();

  await db.schema
    .alterTable('couples')
    .addColumn('weekly_reminders', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('couples').dropColumn('weekly_reminders').execute();
  await db.schema.dropTable('reminders_sent').execute();
  await db.schema.dropTable('outbound_emails').execute();
}
