import type { Kysely } from 'kysely';

/**
 * The language the seller wrote each public page in (decision 0308), so the page marks its text
 * with `lang` and tells a visitor reading in the other language (WCAG 3.1.2, language of parts).
 * Null for pages saved before this: their language is not known.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('site_pages').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('site_pages').dropColumn('language').execute();
}
