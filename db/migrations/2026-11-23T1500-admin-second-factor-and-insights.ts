import { type Kysely, sql } from 'kysely';

/**
 * Two additions of the back office (docs/product.md#admin-second-factor and
 * docs/product.md#admin-overview):
 *
 * - The administrator's second factor: one row per admin account with its TOTP secret, encrypted
 *   with a key derived from the server key (never returned after set-up), when it was switched on
 *   (null while set-up waits for the first code), and the last time step a code was accepted for
 *   (so a code cannot be used twice); and its one-time recovery codes, stored as keyed hashes,
 *   each marked when used.
 * - Indexes for the overview's aggregates: new couples and orders by date, activity by date
 *   (progress, workbook answers, sign-ins), and completed weeks by week number with their ratings,
 *   so no aggregate reads a table row by row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('admin_second_factor')
    .addColumn('account_id', 'integer', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('secret_encrypted', 'text', (c) => c.notNull())
    .addColumn('enabled_at', 'text')
    .addColumn('last_used_step', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('admin_recovery_codes')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('admin_recovery_codes_account')
    .on('admin_recovery_codes')
    .columns(['account_id', 'code_hash'])
    .execute();

  await db.schema.createIndex('couples_created_at').ifNotExists().on('couples').column('created_at').execute();
  await db.schema.createIndex('orders_created_at').ifNotExists().on('orders').column('created_at').execute();
  await db.schema.createIndex('progress_updated_at').on('progress').columns(['updated_at', 'couple_id']).execute();
  await db.schema
    .createIndex('workbook_responses_updated_at')
    .on('workbook_responses')
    .columns(['updated_at', 'couple_id'])
    .execute();
  await db.schema.createIndex('sessions_created_at').on('sessions').columns(['created_at', 'account_id']).execute();
  await db.schema
    .createIndex('progress_week_completions')
    .on('progress')
    .columns(['week_number', 'rating'])
    .where(sql.ref('completed_at'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    'progress_week_completions',
    'sessions_created_at',
    'workbook_responses_updated_at',
    'progress_updated_at',
    'orders_created_at',
    'couples_created_at',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await db.schema.dropTable('admin_recovery_codes').execute();
  await db.schema.dropTable('admin_second_factor').execute();
}
