import type { Kysely } from 'kysely';

/**
 * The couple an email was sent about (decision 0318): "Delete our account" and the back office's
 * deletion erase a couple's emails by it, whatever address they went to (the partner invite sent
 * to the address the inviter typed, the emails of a partner whose sign-in was removed since). The
 * row goes with its couple too (on delete cascade). Null for the seller's own notices, gifts, and
 * emails queued before this; those of a couple are still erased by their recipient's address.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('outbound_emails')
    .addColumn('couple_id', 'integer', (c) => c.references('couples.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('outbound_emails_couple').on('outbound_emails').column('couple_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('outbound_emails_couple').execute();
  await db.schema.alterTable('outbound_emails').dropColumn('couple_id').execute();
}
