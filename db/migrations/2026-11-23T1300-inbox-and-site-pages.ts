import { sql, type Kysely } from 'kysely';

/**
 * The back office's contact inbox and the seller's public pages (docs/product.md#admin-screen):
 *
 * - contact_messages gains `read_at` (set when the seller first opens a message) and `handled_at`
 *   (set when marked handled, cleared when marked unhandled). The inbox lists newest first, all of
 *   them or filtered by subject and by state, so each of those orders has an index that returns
 *   rows already sorted: partial indexes for the unread, open (not handled) and handled states keep the
 *   unread count and the "still to do" list fast at 100,000 messages.
 * - site_pages holds the Markdown of the four public pages (refund, privacy, terms, faq); a page
 *   with no row is not published.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contact_messages').addColumn('read_at', 'text').execute();
  await db.schema.alterTable('contact_messages').addColumn('handled_at', 'text').execute();

  await db.schema.createIndex('contact_messages_newest').on('contact_messages').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('contact_messages_subject_newest')
    .on('contact_messages')
    .columns(['subject', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('contact_messages_unread_newest')
    .on('contact_messages')
    .columns(['created_at', 'id'])
    .where(sql.ref('read_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('contact_messages_open_newest')
    .on('contact_messages')
    .columns(['created_at', 'id'])
    .where(sql.ref('handled_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('contact_messages_handled_newest')
    .on('contact_messages')
    .columns(['created_at', 'id'])
    .where(sql.ref('handled_at'), 'is not', null)
    .execute();

  await db.schema
    .createTable('site_pages')
    .addColumn('slug', 'text', (col) => col.primaryKey())
    .addColumn('markdown', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_pages').execute();
  for (const index of [
    'contact_messages_handled_newest',
    'contact_messages_open_newest',
    'contact_messages_unread_newest',
    'contact_messages_subject_newest',
    'contact_messages_newest',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.alterTable('contact_messages').dropColumn('handled_at').execute();
  await db.schema.alterTable('contact_messages').dropColumn('read_at').execute();
}
