import { type Kysely, sql } from 'kysely';

/**
 * Each sign-in's language (issue 35, decision 0231): 'en' or 'es', on the account, so each partner
 * of a couple (a personal sign-in is an account of its own) gets emails, reminders and PDFs in the
 * language they chose. Existing accounts stay English.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en').check(sql`locale in ('en', 'es')`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('locale').execute();
}
