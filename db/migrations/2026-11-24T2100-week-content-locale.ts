import { type Kysely, sql } from 'kysely';

/**
 * Course content per language (issue 35, decision 0232): `week_contents` is keyed by week and
 * language, and every version in `week_content_versions` names its language. The existing rows are
 * the English edition ('en'). `week_contents` is rebuilt (SQLite cannot change a primary key in
 * place): a new table, the rows copied, the old one dropped and the new one renamed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('week_contents_next')
    .addColumn('week_number', 'integer', (c) => c.notNull().check(sql`week_number between 1 and 52`))
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en').check(sql`locale in ('en', 'es')`))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('default', 'edited')`))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('week_contents_week_locale', ['week_number', 'locale'])
    .execute();
  await sql`insert into week_contents_next (week_number, locale, content, status, updated_at)
    select week_number, 'en', content, status, updated_at from week_contents`.execute(db);
  await db.schema.dropTable('week_contents').execute();
  await db.schema.alterTable('week_contents_next').renameTo('week_contents').execute();

  await db.schema
    .alterTable('week_content_versions')
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en').check(sql`locale in ('en', 'es')`))
    .execute();
  await db.schema.dropIndex('week_content_versions_week').execute();
  await db.schema
    .createIndex('week_content_versions_week')
    .on('week_content_versions')
    .columns(['week_number', 'locale', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from week_content_versions where locale <> 'en'`.execute(db);
  await db.schema.dropIndex('week_content_versions_week').execute();
  await db.schema.alterTable('week_content_versions').dropColumn('locale').execute();
  await db.schema
    .createIndex('week_content_versions_week')
    .on('week_content_versions')
    .columns(['week_number', 'id'])
    .execute();

  await db.schema
    .createTable('week_contents_prev')
    .addColumn('week_number', 'integer', (c) => c.primaryKey().check(sql`week_number between 1 and 52`))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('default', 'edited')`))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into week_contents_prev (week_number, content, status, updated_at)
    select week_number, content, status, updated_at from week_contents where locale = 'en'`.execute(db);
  await db.schema.dropTable('week_contents').execute();
  await db.schema.alterTable('week_contents_prev').renameTo('week_contents').execute();
}
