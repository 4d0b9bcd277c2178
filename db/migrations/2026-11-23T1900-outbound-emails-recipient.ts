import type { Kysely } from 'kysely';

/**
 * The emails sent to one address, found by an index (decision 0165): "Download our data" lists the
 * emails the app sent to the couple, and "Delete our account" erases them, without reading the
 * whole mail queue.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('outbound_emails_recipient').on('outbound_emails').columns(['recipient', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('outbound_emails_recipient').execute();
}
