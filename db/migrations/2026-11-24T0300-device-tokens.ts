import type { Kysely } from 'kysely';

/**
 * Sign-in limits that do not lock the real user out (decision 0201, OWASP's "device cookie"):
 * - device_tokens: a device that signed in to an account carries a token naming a row here (its
 *   hash); attempts with it have a budget of their own. Removed with the account.
 * - sign_in_failures: one row per failed sign-in from a device that is not trusted, by hashed
 *   account name and hashed address, kept a day: how many failures from how many addresses.
 * - sign_in_lockouts: an account's budget for untrusted devices ran out (the back office's
 *   notice); one row per account and window.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('device_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('device_tokens_account')
    .on('device_tokens')
    .columns(['account_id', 'expires_at'])
    .execute();
  await db.schema
    .createTable('sign_in_failures')
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addColumn('address_hash', 'text', (c) => c.notNull())
    .addColumn('failed_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sign_in_failures_key')
    .on('sign_in_failures')
    .columns(['key_hash', 'failed_at'])
    .execute();
  await db.schema.createIndex('sign_in_failures_failed_at').on('sign_in_failures').column('failed_at').execute();
  await db.schema
    .createTable('sign_in_lockouts')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('addresses', 'integer', (c) => c.notNull())
    .addColumn('window_ends_at', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('sign_in_lockouts_window', ['account_id', 'window_ends_at'])
    .execute();
  await db.schema.createIndex('sign_in_lockouts_created_at').on('sign_in_lockouts').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_in_lockouts').execute();
  await db.schema.dropTable('sign_in_failures').execute();
  await db.schema.dropTable('device_tokens').execute();
}
