import type { Kysely } from 'kysely';

/**
 * Rate-limit windows kept in the database, so that the limits hold across several app processes
 * on PostgreSQL (decision 0179): one row per limit and key (a hash of the email or address), its
 * count and when its window ends. The SQLite default keeps them in memory and leaves this empty.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limit_windows')
    .addColumn('limiter', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_windows_pk', ['limiter', 'key_hash'])
    .execute();
  await db.schema.createIndex('rate_limit_windows_reset_at').on('rate_limit_windows').column('reset_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_windows').execute();
}
