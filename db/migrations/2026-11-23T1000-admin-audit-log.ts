import type { Kysely } from 'kysely';

/**
 * The audit log of administrator actions (docs/product.md#admin-audit-log): who did what, to
 * which record, when and from which address. Rows are only ever added.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('admin_audit_log')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('actor_account_id', 'integer')
    .addColumn('actor_username', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('target', 'text')
    .addColumn('address', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('admin_audit_log_created_at')
    .on('admin_audit_log')
    .columns(['created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('admin_audit_log').execute();
}
