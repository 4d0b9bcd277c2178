import { type Kysely, sql } from 'kysely';

/**
 * The whole data model. A couple owns the profile, progress and answers; accounts sign in to a
 * couple (or are admins), so a second partner can later get a login of their own.
 * Times are ISO-8601 UTC strings except sessions.expires_at (epoch milliseconds, compared on every
 * request).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('couples')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('display_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('partner_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('wedding_date', 'text')
    .addColumn('access_level', 'text', (c) =>
      c.notNull().defaultTo('trial').check(sql`access_level in ('trial', 'full')`),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'couple')`))
    .addColumn('couple_id', 'integer', (c) => c.references('couples.id').onDelete('cascade'))
    .addColumn('username', 'text', (c) => c.modifyEnd(sql`collate nocase`))
    .addColumn('email', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('access_code_hash', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint(
      'accounts_role_couple',
      sql`(role = 'admin' and couple_id is null) or (role = 'couple' and couple_id is not null)`,
    )
    .execute();
  await db.schema.createIndex('accounts_username').unique().on('accounts').column('username').execute();
  await db.schema.createIndex('accounts_email').unique().on('accounts').column('email').execute();
  await db.schema.createIndex('accounts_couple').on('accounts').column('couple_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_account').on('sessions').column('account_id').execute();
  await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('couple_id', 'integer', (c) => c.references('couples.id').onDelete('set null'))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_email').on('orders').column('email').execute();
  await db.schema.createIndex('orders_couple').on('orders').column('couple_id').execute();

  await db.schema
    .createTable('frameworks')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('week_number', 'integer', (c) => c.notNull().unique().check(sql`week_number between 1 and 52`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_size', 'integer', (c) => c.notNull())
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('progress')
    .addColumn('couple_id', 'integer', (c) => c.notNull().references('couples.id').onDelete('cascade'))
    .addColumn('week_number', 'integer', (c) => c.notNull().check(sql`week_number between 1 and 52`))
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('rating', 'integer', (c) => c.check(sql`rating is null or rating between 1 and 5`))
    .addColumn('completed_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('progress_pk', ['couple_id', 'week_number'])
    .execute();

  await db.schema
    .createTable('workbook_responses')
    .addColumn('couple_id', 'integer', (c) => c.notNull().references('couples.id').onDelete('cascade'))
    .addColumn('week_number', 'integer', (c) => c.notNull().check(sql`week_number between 1 and 52`))
    .addColumn('partner', 'text', (c) => c.notNull().check(sql`partner in ('partner1', 'partner2')`))
    .addColumn('reflection_answers', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('discussion_notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('activity_response', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('weekly_commitment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('conversation_cards', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('workbook_responses_pk', ['couple_id', 'week_number', 'partner'])
    .execute();

  await db.schema
    .createTable('week_summaries')
    .addColumn('couple_id', 'integer', (c) => c.notNull().references('couples.id').onDelete('cascade'))
    .addColumn('week_number', 'integer', (c) => c.notNull().check(sql`week_number between 1 and 52`))
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('generated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('week_summaries_pk', ['couple_id', 'week_number'])
    .execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'contact_messages',
    'week_summaries',
    'workbook_responses',
    'progress',
    'frameworks',
    'orders',
    'sessions',
    'accounts',
    'couples',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
