import { sql } from 'kysely';
import { existingIds, nowIso, type DB } from '../../db/client';
import type { OutboundEmailStatus } from '../../db/schema';
import type { EmailKind } from '../../../shared/email-kinds';

/** All SQL of the mail feature: the outbox, reminders, and the rows email reads elsewhere. */

export interface NewOutboundEmail {
  messageId: string;
  kind: EmailKind;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  /** The language it is written in; undefined for a code request, which is written later. */
  language?: string;
  headers: Record<string, string>;
  sensitive: boolean;
  status: 'preparing' | 'pending';
  nextAttemptAt: number;
  /** The couple it is about (a couple's kinds, decision 0318): erased with the couple. */
  coupleId?: number | null;
}

export async function insertOutboundEmail(db: DB, email: NewOutboundEmail): Promise<number> {
  const row = await db
    .insertInto('outbound_emails')
    .values({
      message_id: email.messageId,
      kind: email.kind,
      recipient: email.recipient,
      subject: email.subject,
      text_body: email.text,
      html_body: email.html,
      language: email.language ?? null,
      couple_id: email.coupleId ?? null,
      headers: JSON.stringify(email.headers),
      sensitive: email.sensitive ? 1 : 0,
      status: email.status,
      next_attempt_at: email.nextAttemptAt,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface QueuedEmail {
  id: number;
  messageId: string;
  kind: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  headers: string;
  attempts: number;
}

/** Messages ready to send (status pending, due, not leased by a worker), oldest due first. */
export async function findDueEmails(db: DB, now: number, limit: number): Promise<QueuedEmail[]> {
  return db
    .selectFrom('outbound_emails')
    .select([
      'id',
      'message_id as messageId',
      'kind',
      'recipient',
      'subject',
      'text_body as text',
      'html_body as html',
      'headers',
      'attempts',
    ])
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Takes a message for one worker until `leaseUntil`: true when this call got it (another process's
 * worker may have taken it first). A lease that runs out (the worker died) frees it again.
 */
export async function leaseEmail(db: DB, id: number, now: number, leaseUntil: number): Promise<boolean> {
  const result = await db
    .updateTable('outbound_emails')
    .set({ locked_until: leaseUntil })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes a pending message no worker holds; true when it was deleted. */
export async function deletePendingEmail(db: DB, id: number, now: number): Promise<boolean> {
  const result = await db
    .deleteFrom('outbound_emails')
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Removes the messages `ids`, whatever their status; answers how many. */
export async function deleteEmailsById(db: DB, ids: readonly number[]): Promise<number> {
  const result = await db
    .deleteFrom('outbound_emails')
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes the messages of `kind` to any of `recipients` (through outbound_emails_recipient); answers how many. */
export async function deleteEmailsTo(db: DB, recipients: readonly string[], kind: EmailKind): Promise<number> {
  const result = await db
    .deleteFrom('outbound_emails')
    .where('recipient', 'in', [...recipients])
    .where('kind', '=', kind)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes the sent and failed messages queued before `beforeIso`; answers how many. */
export async function deleteFinishedEmailsBefore(db: DB, beforeIso: string): Promise<number> {
  const result = await db
    .deleteFrom('outbound_emails')
    .where('status', 'in', ['sent', 'failed'])
    .where('created_at', '<', beforeIso)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Removes a couple's messages: those tied to the couple, and those of `kinds` to any of
 * `recipients` (queued before messages were tied to their couple); answers how many.
 */
export async function deleteCoupleEmails(
  db: DB,
  coupleId: number,
  recipients: readonly string[],
  kinds: readonly string[],
): Promise<number> {
  const tied = await db.deleteFrom('outbound_emails').where('couple_id', '=', coupleId).executeTakeFirst();
  if (recipients.length === 0) return Number(tied.numDeletedRows);
  const addressed = await db
    .deleteFrom('outbound_emails')
    .where('recipient', 'in', [...recipients])
    .where('kind', 'in', [...kinds])
    .executeTakeFirst();
  return Number(tied.numDeletedRows) + Number(addressed.numDeletedRows);
}

/** The couple of a couple's account (null for the admin's). */
export async function coupleOfAccount(db: DB, accountId: number): Promise<number | null> {
  const row = await db.selectFrom('accounts').select('couple_id').where('id', '=', accountId).executeTakeFirst();
  return row?.couple_id ?? null;
}

/** Which of `ids` are still rows of the outbox (any status). */
export async function findExistingEmailIds(db: DB, ids: readonly number[]): Promise<Set<number>> {
  return existingIds(db, 'outbound_emails', ids);
}

/** Sent: the bodies of a message that held a secret (an access code) are emptied. */
export async function markEmailSent(db: DB, id: number, sentAt: string): Promise<void> {
  await db
    .updateTable('outbound_emails')
    .set({
      status: 'sent',
      sent_at: sentAt,
      locked_until: null,
      last_error: null,
      attempts: sql`attempts + 1`,
      text_body: sql`case when sensitive = 1 then '' else text_body end`,
      html_body: sql`case when sensitive = 1 then '' else html_body end`,
    })
    .where('id', '=', id)
    .execute();
}

/** A failed attempt: retried at `nextAttemptAt`, or given up (`failed`) when that is null. */
export async function markEmailAttemptFailed(
  db: DB,
  id: number,
  error: string,
  nextAttemptAt: number | null,
): Promise<void> {
  await db
    .updateTable('outbound_emails')
    .set({
      status: nextAttemptAt === null ? 'failed' : 'pending',
      attempts: sql`attempts + 1`,
      last_error: error,
      locked_until: null,
      ...(nextAttemptAt === null ? {} : { next_attempt_at: nextAttemptAt }),
    })
    .where('id', '=', id)
    .execute();
}

/** Code requests not yet turned into a message (or dropped), oldest first. */
export async function findPreparingEmails(db: DB, limit: number): Promise<{ id: number; recipient: string }[]> {
  return db
    .selectFrom('outbound_emails')
    .select(['id', 'recipient'])
    .where('status', '=', 'preparing')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** A prepared code request becomes a message to send (it keeps its Message-ID). */
export async function completePreparedEmail(
  db: DB,
  id: number,
  email: {
    kind: EmailKind;
    subject: string;
    text: string;
    html: string;
    locale: string;
    sensitive: boolean;
    nextAttemptAt: number;
    coupleId: number;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('outbound_emails')
    .set({
      kind: email.kind,
      subject: email.subject,
      text_body: email.text,
      html_body: email.html,
      language: email.locale,
      couple_id: email.coupleId,
      sensitive: email.sensitive ? 1 : 0,
      status: 'pending',
      next_attempt_at: email.nextAttemptAt,
    })
    .where('id', '=', id)
    .where('status', '=', 'preparing')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deletePreparingEmail(db: DB, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('outbound_emails')
    .where('id', '=', id)
    .where('status', '=', 'preparing')
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export interface OutboxEntry {
  id: number;
  messageId: string;
  kind: string;
  recipient: string;
  subject: string;
  /** The language of its subject and text (null: queued before languages were recorded). */
  language: string | null;
  status: OutboundEmailStatus;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: number;
  createdAt: string;
  sentAt: string | null;
}

/** The admin's outbox, newest first (by id, the primary key), without bodies or code requests. */
export async function listOutbox(
  db: DB,
  options: { limit: number; before?: number; status?: 'pending' | 'sent' | 'failed' },
): Promise<OutboxEntry[]> {
  let query = db
    .selectFrom('outbound_emails')
    .select([
      'id',
      'message_id as messageId',
      'kind',
      'recipient',
      'subject',
      'language',
      'status',
      'attempts',
      'last_error as lastError',
      'next_attempt_at as nextAttemptAt',
      'created_at as createdAt',
      'sent_at as sentAt',
    ])
    .where('status', '!=', 'preparing');
  if (options.before !== undefined) query = query.where('id', '<', options.before);
  if (options.status !== undefined) query = query.where('status', '=', options.status);
  return query.orderBy('id', 'desc').limit(options.limit).execute();
}

export async function findOutboxStatus(db: DB, id: number): Promise<OutboundEmailStatus | undefined> {
  const row = await db.selectFrom('outbound_emails').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status;
}

/** A failed message goes back to the queue with a fresh set of attempts. */
export async function requeueFailedEmail(db: DB, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('outbound_emails')
    .set({ status: 'pending', attempts: 0, next_attempt_at: now, locked_until: null })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The couple account an email signs in to (never the admin's), with the names emails greet. */
export async function findCoupleByEmail(
  db: DB,
  email: string,
): Promise<{ accountId: number; coupleId: number; displayName: string; partnerName: string } | undefined> {
  return db
    .selectFrom('accounts')
    .innerJoin('couples', 'couples.id', 'accounts.couple_id')
    .select([
      'accounts.id as accountId',
      'couples.id as coupleId',
      'couples.display_name as displayName',
      'couples.partner_name as partnerName',
    ])
    .where('accounts.email', '=', email)
    .where('accounts.role', '=', 'couple')
    .executeTakeFirst();
}

export async function findWeeklyReminders(db: DB, coupleId: number): Promise<boolean | undefined> {
  const row = await db.selectFrom('couples').select('weekly_reminders').where('id', '=', coupleId).executeTakeFirst();
  return row === undefined ? undefined : row.weekly_reminders === 1;
}

export async function setWeeklyReminders(db: DB, coupleId: number, on: boolean): Promise<boolean> {
  const result = await db
    .updateTable('couples')
    .set({ weekly_reminders: on ? 1 : 0 })
    .where('id', '=', coupleId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface ReminderCandidate {
  coupleId: number;
  email: string;
  displayName: string;
  partnerName: string;
  createdAt: string;
  completedWeeks: number;
  lastCompletedAt: string | null;
  lastProgressAt: string | null;
  lastAnswerAt: string | null;
  lastOrderAt: string | null;
  /** The latest week a reminder was recorded for (reminders go forward only). */
  lastRemindedWeek: number | null;
  /** When the latest reminder was recorded (never more than one a day). */
  lastRemindedAt: string | null;
  /** The couple's IANA time zone, null: UTC. */
  timeZone: string | null;
  /** The accepted plan's JSON, null without one (decision 0253). */
  plan: string | null;
  /** When the plan's pause began; null when not paused. */
  pausedAt: string | null;
}

/**
 * One page (by couple id) of the couples a weekly reminder may be for: full access, reminders on,
 * an email to write to (not `excludedEmail`, the demo account's). Each row carries what decides
 * whether one is due: the completed weeks and the latest activity, each read through an index.
 */
export async function listReminderCandidates(
  db: DB,
  options: { afterCoupleId: number; limit: number; excludedEmail: string },
): Promise<ReminderCandidate[]> {
  return db
    .selectFrom('couples')
    .innerJoin('accounts', 'accounts.couple_id', 'couples.id')
    .leftJoin('couple_plans', 'couple_plans.couple_id', 'couples.id')
    .select((eb) => {
      // The couple's rows of a table, each read through the table's couple index.
      const progress = eb.selectFrom('progress').whereRef('progress.couple_id', '=', 'couples.id');
      const answers = eb.selectFrom('workbook_responses').whereRef('workbook_responses.couple_id', '=', 'couples.id');
      const orders = eb.selectFrom('orders').whereRef('orders.couple_id', '=', 'couples.id');
      const reminders = eb.selectFrom('reminders_sent').whereRef('reminders_sent.couple_id', '=', 'couples.id');
      const completed = progress.where('progress.completed_at', 'is not', null);
      return [
        'couples.id as coupleId',
        sql<string>`accounts.email`.as('email'),
        'couples.display_name as displayName',
        'couples.partner_name as partnerName',
        'couples.created_at as createdAt',
        completed.select((inner) => inner.fn.countAll<number>().as('n')).as('completedWeeks'),
        completed.select((inner) => inner.fn.max('progress.completed_at').as('m')).as('lastCompletedAt'),
        progress.select((inner) => inner.fn.max('progress.updated_at').as('m')).as('lastProgressAt'),
        answers.select((inner) => inner.fn.max('workbook_responses.updated_at').as('m')).as('lastAnswerAt'),
        orders
          .where('orders.status', '=', 'completed')
          .select((inner) => inner.fn.max('orders.created_at').as('m'))
          .as('lastOrderAt'),
        reminders.select((inner) => inner.fn.max('reminders_sent.week_number').as('m')).as('lastRemindedWeek'),
        reminders.select((inner) => inner.fn.max('reminders_sent.sent_at').as('m')).as('lastRemindedAt'),
        'couples.time_zone as timeZone',
        'couple_plans.plan as plan',
        'couple_plans.paused_at as pausedAt',
      ];
    })
    .where('couples.id', '>', options.afterCoupleId)
    .where('couples.access_level', '=', 'full')
    .where('couples.weekly_reminders', '=', 1)
    .where('accounts.role', '=', 'couple')
    .where('accounts.email', 'is not', null)
    .where('accounts.email', '!=', options.excludedEmail)
    .orderBy('couples.id')
    .limit(options.limit)
    .execute() as Promise<ReminderCandidate[]>;
}

/** Records the reminder of a couple's week; false when one was recorded already (the key). */
export async function recordReminderSent(db: DB, coupleId: number, weekNumber: number): Promise<boolean> {
  const result = await db
    .insertInto('reminders_sent')
    .values({ couple_id: coupleId, week_number: weekNumber, sent_at: nowIso() })
    .onConflict((oc) => oc.columns(['couple_id', 'week_number']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Whether a message of this kind was queued to `recipient` since `sinceIso` (the admin's hourly notices). */
export async function anyEmailOfKindSince(db: DB, recipient: string, kind: string, sinceIso: string): Promise<boolean> {
  const row = await db
    .selectFrom('outbound_emails')
    .select('id')
    .where('recipient', '=', recipient)
    .where('kind', '=', kind)
    .where('created_at', '>=', sinceIso)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
