import type { Kysely } from 'kysely';

/**
 * The contact messages sent from an address, found by it: a deletion of a couple erases those
 * from the couple's sign-in addresses (decision 0334) through this index, not by reading the inbox.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('contact_messages_email').on('contact_messages').column('email').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('contact_messages_email').execute();
}
