import { nowIso, type DB } from '../../db/client';
import type { ContactMessage } from '../../../shared/contact-schemas';

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
