import type { Kysely } from 'kysely';

/**
 * What several app processes on one PostgreSQL database share (decision 0179):
 * - rate-limit windows, so that the limits hold across processes: one row per limit and key (a
 *   hash of the email or address), its count and when its window ends. The SQLite default keeps
 *   them in memory and leaves this table empty.
 * - instance_checks: facts every process checks at start-up, such as the fingerprint of the
 *   access-code key, so that a process with another DATA_DIR/access-code.key refuses to start.
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
  await db.schema
    .createTable('instance_checks')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('instance_checks').execute();
  await db.schema.dropTable('rate_limit_windows').execute();
}
