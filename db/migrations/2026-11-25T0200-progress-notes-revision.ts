import type { Kysely } from 'kysely';

/**
 * A revision number on each week's notes (issue 36, decision 0280), as decision 0267 gives workbook
 * answers one: every save of the notes adds one, and a save that names the revision it was edited
 * from is refused (409) when another device or the other partner has saved the notes since, so notes
 * typed offline never silently overwrite newer ones. 0: the notes were never saved (a row made by
 * completing or rating a week, or saved before this migration, starts there).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('progress')
    .addColumn('notes_revision', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('progress').dropColumn('notes_revision').execute();
}
