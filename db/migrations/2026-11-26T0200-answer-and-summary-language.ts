import type { Kysely } from 'kysely';

/**
 * The language each partner's workbook answers and each week's summary are written in (issue 35),
 * so a page in the other language marks them with `lang` (WCAG 3.1.2, language of parts): answers
 * take the language of the sign-in that saves them, a summary the language it is written in. Null
 * for rows saved before this: their language is not known, and they are shown unmarked.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('workbook_responses').addColumn('language', 'text').execute();
  await db.schema.alterTable('week_summaries').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('week_summaries').dropColumn('language').execute();
  await db.schema.alterTable('workbook_responses').dropColumn('language').execute();
}
