import {
  type ContactInboxItem,
  type ContactInboxMessage,
  type ContactInboxPage,
  type ContactInboxQuery,
  contactStateOf,
} from '../../../shared/contact-inbox-schemas';
import {
  CONTACT_SENT_MESSAGE,
  type ContactMessage,
  type ContactSent,
  type ContactSubject,
} from '../../../shared/contact-schemas';
import { AppError } from '../../../shared/errors';
import { nowIso, type DB } from '../../db/client';
import type { AppDeps } from '../../deps/app-deps';
import type { AdminAuth } from '../auth/access';
import { recordAdminAction } from '../audit/service';
import {
  countInboxMessages,
  countUnreadMessages,
  deleteMessagesFrom,
  findInboxMessage,
  type InboxRow,
  insertContactMessage,
  listInboxMessages,
  markMessageRead,
  markMessageReplied,
  setMessageHandled,
} from './repo';
import { eraseContactReplies, queueContactNotice, queueFeatureEmail } from '../mail/service';
import { contactReplyEmail } from '../mail/templates';
import { recipientLocale } from '../i18n/locale';

/**
 * Stores a visitor's message (docs/product.md#http-api). Only valid messages spend the sender's
 * budget (10 a minute per client address by default): a typo answered 400 costs nothing, a stored
 * message does. Both POST /api/contact and contact.send come here, so they share that budget.
 */
export async function sendContactMessage(
  deps: AppDeps,
  message: ContactMessage,
  clientAddress: string,
): Promise<ContactSent> {
  await deps.rateLimits.contactPerAddress.consume(clientAddress);
  await deps.db.transaction().execute(async (trx) => {
    await insertContactMessage(trx, message);
    await queueContactNotice(trx, deps, message); // the seller's notice (ADMIN_EMAIL)
  });
  return { success: true, message: CONTACT_SENT_MESSAGE };
}

/**
 * A couple's account is deleted (both deletions, through deleteCoupleAccount; decision 0334), in
 * the deletion's transaction: the contact messages sent from the couple's sign-in addresses go,
 * with the seller's replies to them still in the outbox (they quote the message). Answers how many
 * messages.
 */
export async function eraseMessagesFrom(trx: DB, emails: readonly string[]): Promise<number> {
  await eraseContactReplies(trx, emails);
  return deleteMessagesFrom(trx, emails);
}

function withState<Row extends InboxRow>(
  row: Row,
): Row & { subject: ContactSubject | null; state: ContactInboxItem['state'] } {
  return { ...row, subject: row.subject as ContactSubject | null, state: contactStateOf(row) };
}

const NOT_FOUND_MESSAGE = 'Message not found';

/** The inbox (docs/product.md#admin-screen): one page, newest first, filtered and searched on the server. */
export async function listContactInbox(db: DB, query: ContactInboxQuery): Promise<ContactInboxPage> {
  const filters = { search: query.search || undefined, subject: query.subject, state: query.state };
  const [rows, total] = await Promise.all([
    listInboxMessages(db, filters, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    countInboxMessages(db, filters),
  ]);
  return { items: rows.map(withState), total, page: query.page, pageSize: query.pageSize };
}

/** How many messages nobody has opened yet (the navigation's badge). */
export async function countUnreadContactMessages(db: DB): Promise<{ unread: number }> {
  return { unread: await countUnreadMessages(db) };
}

/** One message in full; opening it marks it read (an unread message becomes open). */
export async function openContactMessage(db: DB, id: number): Promise<ContactInboxMessage> {
  if (!(await markMessageRead(db, id, nowIso()))) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  const row = await findInboxMessage(db, id);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  return withState(row);
}

/** Marks a message handled (or open again), in the caller's transaction. */
async function markContactMessageHandled(db: DB, id: number, handled: boolean): Promise<ContactInboxMessage> {
  if (!(await setMessageHandled(db, id, handled, nowIso()))) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  const row = await findInboxMessage(db, id);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  return withState(row);
}

/**
 * The administrator marks a message handled or unhandled: the change and its audit line
 * (docs/product.md#admin-audit-log) in one transaction.
 */
export async function setContactMessageHandledByAdmin(
  db: DB,
  admin: AdminAuth,
  input: { id: number; handled: boolean },
  address: string | undefined,
): Promise<ContactInboxMessage> {
  return db.transaction().execute(async (trx) => {
    const message = await markContactMessageHandled(trx, input.id, input.handled);
    await recordAdminAction(trx, admin, input.handled ? 'message.handled' : 'message.unhandled', {
      target: `message ${input.id}`,
      address: address ?? null,
    });
    return message;
  });
}

/**
 * The seller's answer to a contact message (the back office's inbox): queued to the sender with
 * the original quoted, the message marked handled and the audit line written, in one
 * transaction. Replies to the sender's answer go to ADMIN_EMAIL when it is set.
 */
export async function replyToContactMessage(
  deps: AppDeps,
  actor: { admin: AdminAuth; address?: string | null },
  messageId: number,
  body: string,
): Promise<{ success: true; handledAt: string; emailId: number }> {
  const adminId = actor.admin.accountId;
  const original = await findInboxMessage(deps.db, messageId);
  if (!original) throw new AppError('NOT_FOUND', 'No contact message with this id.');
  const adminEmail = deps.config.mail.adminEmail;
  const handledAt = nowIso();
  const emailId = await deps.db.transaction().execute(async (trx) => {
    const id = await queueFeatureEmail(trx, deps, {
      kind: 'contact-reply',
      to: original.email,
      email: contactReplyEmail(
        deps.config.publicUrl,
        { original, body, canReply: adminEmail !== undefined },
        await recipientLocale(trx, { email: original.email }),
      ),
      headers: {
        ...(adminEmail ? { 'Reply-To': adminEmail } : {}),
        // Which administrator answered, for the seller's own records (the sender sees only the text).
        'X-Vows-Replied-By': `admin-${adminId}`,
      },
    });
    await markMessageReplied(trx, messageId, handledAt);
    await recordAdminAction(trx, actor.admin, 'message.reply', {
      target: `message ${messageId}`,
      address: actor.address ?? null,
    });
    return id;
  });
  return { success: true, handledAt, emailId };
}
