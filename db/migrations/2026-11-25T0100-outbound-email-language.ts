import type { Kysely } from 'kysely';

/**
 * The language each email was written in (its recipient's: decision 0231), so the outbox shows a
 * Spanish subject as Spanish and an English one as English on the seller's screen, whatever the
 * seller's own language (WCAG 3.1.2, language of parts). Null for emails queued before this.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbound_emails').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbound_emails').dropColumn('language').execute();
}
