import type { Kysely } from 'kysely';

/**
 * A revision number on each partner's workbook answers (issue 36, decision 0267): every save adds
 * one, and a save that names the revision it was edited from is refused (409) when another device
 * or the other partner has saved since, so answers typed offline never silently overwrite newer
 * ones. Rows saved before this migration start at revision 1; no row at all is revision 0.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('workbook_responses')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('workbook_responses').dropColumn('revision').execute();
}
