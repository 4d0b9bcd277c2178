import { sql, type ExpressionBuilder } from 'kysely';
import { nowIso, type DB } from '../../db/client';
import type { Database } from '../../db/schema';
import type { ContactMessage } from '../../../shared/contact-schemas';
import { INBOX_PREVIEW_LENGTH, type ContactInboxQuery } from '../../../shared/contact-inbox-schemas';

/** Stores one contact message; answers its id. */
export async function insertContactMessage(db: DB, message: ContactMessage): Promise<number> {
  const row = await db
    .insertInto('contact_messages')
    .values({
      first_name: message.firstName,
      last_name: message.lastName,
      email: message.email,
      subject: message.subject ?? null,
      message: message.message,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type InboxFilters = Pick<ContactInboxQuery, 'search' | 'subject' | 'state'>;

export interface InboxRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  subject: string | null;
  createdAt: string;
  readAt: string | null;
  handledAt: string | null;
}

/** `%text%` for LIKE, with the pattern's own characters (`%`, `_`, `\`) taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The WHERE of the inbox's filters. Each state condition is written exactly as the partial index
 * it relies on (db/migrations/2026-11-23T1300-inbox-and-site-pages.ts), so the database picks it.
 */
function matching({ search, subject, state }: InboxFilters) {
  return (eb: ExpressionBuilder<Database, 'contact_messages'>) => {
    const conditions = [];
    if (subject === 'none') conditions.push(eb('subject', 'is', null));
    else if (subject) conditions.push(eb('subject', '=', subject));
    if (state === 'unread') conditions.push(eb('read_at', 'is', null));
    else if (state === 'open') conditions.push(eb('handled_at', 'is', null));
    else if (state === 'handled') conditions.push(eb('handled_at', 'is not', null));
    if (search) {
      const pattern = containsPattern(search);
      conditions.push(
        eb.or(
          [sql`lower(first_name || ' ' || last_name)`, sql`lower(email)`, sql`lower(message)`].map((column) =>
            eb(column, 'like', sql<string>`${pattern} escape '\\'`),
          ),
        ),
      );
    }
    return eb.and(conditions);
  };
}

const INBOX_COLUMNS = [
  'id',
  'first_name as firstName',
  'last_name as lastName',
  'email',
  'subject',
  'created_at as createdAt',
  'read_at as readAt',
  'handled_at as handledAt',
] as const;

/** One page of the inbox, newest first, with the start of each message. */
export async function listInboxMessages(
  db: DB,
  filters: InboxFilters,
  page: { limit: number; offset: number },
): Promise<(InboxRow & { preview: string })[]> {
  return db
    .selectFrom('contact_messages')
    .select([...INBOX_COLUMNS, sql<string>`substr(message, 1, ${INBOX_PREVIEW_LENGTH})`.as('preview')])
    .where(matching(filters))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countInboxMessages(db: DB, filters: InboxFilters): Promise<number> {
  const row = await db
    .selectFrom('contact_messages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(matching(filters))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function countUnreadMessages(db: DB): Promise<number> {
  return countInboxMessages(db, { state: 'unread' });
}

export async function findInboxMessage(db: DB, id: number): Promise<(InboxRow & { message: string }) | undefined> {
  return db
    .selectFrom('contact_messages')
    .select([...INBOX_COLUMNS, 'message'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Marks a message read (keeping the first reading's time); answers whether it exists. */
export async function markMessageRead(db: DB, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('contact_messages')
    .set({ read_at: sql<string>`coalesce(read_at, ${at})` })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Sets or clears `handled_at`; a message handled is also read. Answers whether the message exists.
 * Marking an already handled message handled again keeps its first time.
 */
export async function setMessageHandled(db: DB, id: number, handled: boolean, at: string): Promise<boolean> {
  const result = await db
    .updateTable('contact_messages')
    .set({
      read_at: sql<string>`coalesce(read_at, ${at})`,
      handled_at: handled ? sql<string>`coalesce(handled_at, ${at})` : null,
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A message the seller answered by email: handled as of the reply, whatever it was before. */
export async function markMessageReplied(db: DB, id: number, handledAt: string): Promise<void> {
  await db.updateTable('contact_messages').set({ handled_at: handledAt }).where('id', '=', id).execute();
}

/** Removes the messages sent from any of `emails` (through contact_messages_email); answers how many. */
export async function deleteMessagesFrom(db: DB, emails: readonly string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const result = await db
    .deleteFrom('contact_messages')
    .where('email', 'in', [...emails])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
