import { randomUUID } from 'node:crypto';
import type { EmailKind } from '../../../shared/email-kinds';
import type { Locale } from '../../../shared/i18n/locales';
import { localeOfAccount, recipientLocale } from '../i18n/locale';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../../shared/errors';
import { REQUEST_CODE_MESSAGE, type RequestCodeAnswer, type outboxListInputSchema } from '../../../shared/mail-schemas';
import type { z } from '../../../shared/zod';
import type { Config } from '../../platform/config';
import type { DB } from '../../db/client';
import type { AppDeps } from '../../deps/app-deps';
import type { CoupleAuth } from '../auth/access';
import { issueAccessCode } from '../auth/access-codes';
import { clearDatabaseLimit, SIGN_IN_ACCOUNT_LIMITER } from '../../deps/rate-limiter';
import { queueWeeklyReminderPush } from '../push/service';
import * as repo from './repo';
import { outboxFileId } from './transport';
import {
  accessCodeEmail,
  adminSignInsPausedEmail,
  contactNoticeEmail,
  giftWelcomeEmail,
  type FailedPurchase,
  type OrderNoticeFacts,
  orderNoticeEmail,
  type PaymentFailedFacts,
  paymentFailedEmail,
  paymentFailedNoticeEmail,
  partnerCodeEmail,
  partnerInviteEmail,
  partnerSharedEmail,
  type RenderedEmail,
  issuedCodeEmail,
  requestedCodeEmail,
  trialWelcomeEmail,
  weeklyReminderEmail,
} from './templates';
import { unsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';

/*
 * Email (docs/product.md#email). Nothing here talks to a mail server: every message is a row of
 * the outbox, written in the caller's transaction (pass it as `db`), and the worker (worker.ts)
 * sends it, retries it and records failures (decision 0137).
 */

type MailDeps = Pick<AppDeps, 'config' | 'mailSignal'>;

/** Whether mail really leaves the machine (SMTP_URL); without it messages go to DATA_DIR/outbox. */
export function deliversMail(config: Pick<Config, 'mail'>): boolean {
  return config.mail.smtpUrl !== undefined;
}

/** `<random@domain-of-MAIL_FROM>`, chosen when the row is written and kept for every attempt. */
export function newMessageId(config: Pick<Config, 'mail'>): string {
  const domain = /@([^\s>]+)>?\s*$/.exec(config.mail.from)?.[1] ?? 'localhost';
  return `<${randomUUID()}@${domain}>`;
}

interface QueuedMessage {
  kind: EmailKind;
  to: string;
  email: RenderedEmail;
  /** The bodies hold an access code: emptied once sent. */
  sensitive?: boolean;
  headers?: Record<string, string>;
  /** Epoch milliseconds when it is due (a scheduled gift); due at once when absent. */
  sendAt?: number;
  /**
   * The couple it is about, for every email of COUPLE_EMAIL_KINDS (decision 0318): erased with
   * the couple's account whatever address it went to.
   */
  coupleId?: number | null;
}

/** Writes a message to the outbox in `db` (the caller's transaction) and wakes the worker. */
async function queueEmail(db: DB, deps: MailDeps, message: QueuedMessage): Promise<number> {
  // A couple's email that does not say its couple would outlive the couple's deletion (decision 0318).
  if (message.coupleId === undefined && (COUPLE_EMAIL_KINDS as readonly string[]).includes(message.kind)) {
    throw new Error(`A ${message.kind} email must say which couple it is about.`);
  }
  const id = await repo.insertOutboundEmail(db, {
    messageId: newMessageId(deps.config),
    kind: message.kind,
    recipient: message.to,
    subject: message.email.subject,
    text: message.email.text,
    html: message.email.html,
    language: message.email.locale,
    headers: message.headers ?? {},
    sensitive: message.sensitive ?? false,
    status: 'pending',
    nextAttemptAt: message.sendAt ?? 0, // 0: due at once, whatever the clock
    coupleId: message.coupleId ?? null,
  });
  // In this process the worker's next read waits for the transaction's connection, so it sees the
  // row once committed (and never a rolled-back one); other processes' rows come with its poll.
  deps.mailSignal.wake();
  return id;
}

/** Who gave the course, when an order is a gift's opening: its code's email says so. */
export interface GiftGiver {
  buyerName: string;
  coupleNames: string;
}

/**
 * The `deliver` of issueAccessCode for a completed order: the new code goes to the buyer by email
 * in the same transaction (docs/product.md#orders). A gift's opening (`gift`) sends the gift's
 * welcome instead, from the giver and to the couple, not a thank-you for a purchase.
 */
export function accessCodeDelivery(deps: MailDeps, buyer: { email: string; firstName?: string }, gift?: GiftGiver) {
  return async (db: DB, accessCode: string, accountId: number): Promise<void> => {
    const locale = await recipientLocale(db, buyer);
    await queueEmail(db, deps, {
      kind: 'access-code',
      coupleId: await repo.coupleOfAccount(db, accountId),
      to: buyer.email,
      email: gift
        ? giftWelcomeEmail(deps.config.publicUrl, { email: buyer.email, accessCode, ...gift }, locale)
        : accessCodeEmail(deps.config.publicUrl, { ...buyer, accessCode }, locale),
      sensitive: true,
    });
  };
}

export const CODE_NOT_SENT_WITHOUT_MAIL =
  'Email is not set up on this server (SMTP_URL), so a new code cannot be sent to the couple. Nothing was changed.';

/**
 * The `deliver` of a code the seller issued on the couple's page (decision 0368) or with Resend
 * access on the Orders page (0369): to the sign-in's email, in its account's language, with the
 * couple's names. Without SMTP_URL it refuses (409, CODE_NOT_SENT_WITHOUT_MAIL): the code is then not
 * issued at all, never shown to the seller. Its callers ask for it before they change anything.
 */
export function issuedCodeDelivery(deps: MailDeps, email: string) {
  if (!deliversMail(deps.config)) throw new AppError('CONFLICT', CODE_NOT_SENT_WITHOUT_MAIL);
  return async (db: DB, accessCode: string, accountId: number): Promise<void> => {
    const couple = await repo.findCoupleByEmail(db, email);
    // The outbox's kind of a new code by email; the words say the seller issued it.
    await queueEmail(db, deps, {
      kind: 'requested-code',
      coupleId: couple?.coupleId ?? (await repo.coupleOfAccount(db, accountId)),
      to: email,
      email: issuedCodeEmail(
        deps.config.publicUrl,
        { email, accessCode, names: couple },
        await localeOfAccount(db, accountId),
      ),
      sensitive: true,
    });
  };
}

/**
 * The `deliver` of a trial's code when mail is configured: the code goes to the email, never to
 * the page, so only the email's owner can use the account. Undefined without SMTP_URL: the page
 * shows the code once (docs/product.md#access-codes).
 */
export function trialCodeDelivery(deps: MailDeps, email: string) {
  if (!deliversMail(deps.config)) return undefined;
  return async (db: DB, accessCode: string, accountId: number): Promise<void> => {
    await queueEmail(db, deps, {
      kind: 'trial-welcome',
      coupleId: await repo.coupleOfAccount(db, accountId),
      to: email,
      email: trialWelcomeEmail(
        deps.config.publicUrl,
        { email, accessCode, trialWeeks: deps.config.trialWeeks },
        await recipientLocale(db, { email }),
      ),
      sensitive: true,
    });
  };
}

/**
 * A message of another feature (gifts, decision 0242), written to the outbox in `db` (the
 * caller's transaction): sent by the worker like every other email, at `sendAt` when given. A
 * scheduled message is a row like the others, so it survives a restart, and the worker's lease
 * sends it once however many processes poll the outbox.
 */
export async function queueFeatureEmail(db: DB, deps: MailDeps, message: QueuedMessage): Promise<number> {
  return queueEmail(db, deps, message);
}

/**
 * Withdraws a message that has not gone yet (pending and not leased by a worker sending it):
 * true when it was withdrawn; false when it was sent, failed, or is being sent right now.
 */
export async function withdrawQueuedEmail(db: DB, id: number, now = Date.now()): Promise<boolean> {
  return repo.deletePendingEmail(db, id, now);
}

/**
 * Erases messages whatever their state (a deletion: decision 0334), in the caller's transaction;
 * one a worker is sending right now goes too (its worker then finds no row to mark). After the
 * transaction commits, tidyOutboxFolder removes their .eml files. Answers how many went.
 */
export async function eraseEmails(db: DB, ids: readonly number[]): Promise<number> {
  return ids.length === 0 ? 0 : repo.deleteEmailsById(db, ids);
}

/**
 * Erases the seller's replies to contact messages sent to any of `recipients`, whatever their
 * state (the messages they answer are erased: decision 0334). Answers how many went.
 */
export async function eraseContactReplies(db: DB, recipients: readonly string[]): Promise<number> {
  return recipients.length === 0 ? 0 : repo.deleteEmailsTo(db, recipients, 'contact-reply');
}

/** A notice to the seller at ADMIN_EMAIL, in that address's language; nothing when ADMIN_EMAIL is unset. */
async function queueSellerNotice<Facts>(
  db: DB,
  deps: MailDeps,
  kind: EmailKind,
  template: (publicUrl: string, facts: Facts, locale: Locale) => RenderedEmail,
  facts: Facts,
  headers?: Record<string, string>,
): Promise<void> {
  const adminEmail = deps.config.mail.adminEmail;
  if (!adminEmail) return;
  const locale = await recipientLocale(db, { email: adminEmail });
  await queueEmail(db, deps, { kind, to: adminEmail, email: template(deps.config.publicUrl, facts, locale), headers });
}

/** The seller's notice of a new order (ADMIN_EMAIL; nothing when unset). */
export async function queueOrderNotice(db: DB, deps: MailDeps, order: OrderNoticeFacts): Promise<void> {
  await queueSellerNotice(db, deps, 'order-notice', orderNoticeEmail, order);
}

/**
 * A delayed payment that failed, to its buyer (decision 0350): nothing charged, nothing given, and
 * `payAgainUrl` to pay again, in `locale` (the checkout's). Tied to the couple whose sign-in has
 * the address, if any, and erased with it (COUPLE_EMAIL_KINDS).
 */
export async function queuePaymentFailed(
  db: DB,
  deps: MailDeps,
  message: {
    to: string;
    firstName: string;
    amount: number;
    currency: string;
    purchase: FailedPurchase;
    payAgainUrl: string;
    locale: Locale;
  },
): Promise<void> {
  await queueEmail(db, deps, {
    kind: 'payment-failed',
    coupleId: (await repo.findCoupleByEmail(db, message.to))?.coupleId ?? null,
    to: message.to,
    email: paymentFailedEmail(deps.config.publicUrl, message, message.locale),
  });
}

/** The seller's notice of a failed delayed payment (ADMIN_EMAIL; nothing when unset). */
export async function queuePaymentFailedNotice(db: DB, deps: MailDeps, facts: PaymentFailedFacts): Promise<void> {
  await queueSellerNotice(db, deps, 'payment-failed-notice', paymentFailedNoticeEmail, facts);
}

/** The seller's notice of a new contact message (ADMIN_EMAIL; nothing when unset); replies go to the sender. */
export async function queueContactNotice(
  db: DB,
  deps: MailDeps,
  message: { firstName: string; lastName: string; email: string; subject?: string | null; message: string },
): Promise<void> {
  const facts = { ...message, subject: message.subject ?? null };
  await queueSellerNotice(db, deps, 'contact-notice', contactNoticeEmail, facts, { 'Reply-To': message.email });
}

export const ADMIN_SIGN_INS_PAUSED_KIND: EmailKind = 'admin-sign-ins-paused';

/**
 * The seller's notice that the administrator account's sign-ins from new devices paused
 * (ADMIN_EMAIL; nothing when unset), at most one an hour: none when one was queued in the last hour.
 */
export async function queueAdminSignInsPausedNotice(
  db: DB,
  deps: MailDeps,
  facts: { username: string; failures: number; addresses: number; minutes: number },
  now = Date.now(),
): Promise<boolean> {
  const adminEmail = deps.config.mail.adminEmail;
  if (!adminEmail) return false;
  const since = new Date(now - 60 * 60_000).toISOString();
  if (await repo.anyEmailOfKindSince(db, adminEmail, ADMIN_SIGN_INS_PAUSED_KIND, since)) return false;
  await queueSellerNotice(db, deps, ADMIN_SIGN_INS_PAUSED_KIND, adminSignInsPausedEmail, facts);
  return true;
}

/**
 * POST /api/customer-auth/request-code and mail.requestCode: "Email me my code". The request does
 * the same work whatever the email (the rate limits, then one row written), and answers the same
 * 202 body; the worker then looks the email up and, for a couple's account, issues a new code
 * (the old one stops working, every session ends) and sends it. An unknown email's row is
 * dropped. So neither the answer nor its timing tells whether an account exists (decision 0139).
 */
export async function requestAccessCode(
  deps: AppDeps,
  input: { email: string },
  clientAddress: string,
): Promise<RequestCodeAnswer> {
  const perAddress = await deps.rateLimits.codeRequestsPerAddress.reserve(clientAddress);
  try {
    await deps.rateLimits.codeRequestsPerEmail.consume(input.email);
  } catch (error) {
    await perAddress.release();
    throw error;
  }
  await repo.insertOutboundEmail(deps.db, {
    messageId: newMessageId(deps.config),
    kind: 'code-request',
    recipient: input.email,
    subject: '',
    text: '',
    html: '',
    headers: {},
    sensitive: true,
    status: 'preparing',
    nextAttemptAt: 0, // due at once, whatever the clock
  });
  deps.mailSignal.wake();
  return { success: true, message: REQUEST_CODE_MESSAGE };
}

/**
 * The worker's half of a code request: in one transaction, a couple's account gets a new code and
 * the row becomes its email (same Message-ID); any other email (unknown, the admin's, the demo
 * account's) drops the row.
 */
export async function prepareCodeRequest(deps: AppDeps, id: number, email: string, now: number): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const couple = email === deps.config.demoEmail ? undefined : await repo.findCoupleByEmail(trx, email);
    if (!couple) {
      await repo.deletePreparingEmail(trx, id);
      return;
    }
    const accessCode = await issueAccessCode(trx, deps, couple.accountId, { provesEmail: true });
    // The code reaches the email's owner only: whoever holds it may sign in again from a new
    // device, so the pause of new devices after failed attempts ends (decision 0201).
    await clearDatabaseLimit(trx, SIGN_IN_ACCOUNT_LIMITER, email.toLowerCase());
    const rendered = requestedCodeEmail(
      deps.config.publicUrl,
      { email, accessCode, names: couple },
      await localeOfAccount(trx, couple.accountId),
    );
    await repo.completePreparedEmail(trx, id, {
      kind: 'requested-code',
      ...rendered,
      sensitive: true,
      nextAttemptAt: now,
      coupleId: couple.coupleId,
    });
  });
}

export interface OutboxPage {
  items: (Omit<repo.OutboxEntry, 'nextAttemptAt'> & { nextAttemptAt: string })[];
  /** Pass as `before` for the next (older) page; null on the last. */
  nextBefore: number | null;
  /** Where messages go: an SMTP server, or the outbox folder. */
  delivery: 'smtp' | 'outbox-folder';
}

/** The admin's view of the outbox: recipients, subjects, statuses and failures, never bodies. */
export async function listOutboxPage(
  deps: AppDeps,
  input: z.output<typeof outboxListInputSchema>,
): Promise<OutboxPage> {
  const rows = await repo.listOutbox(deps.db, { limit: input.limit + 1, before: input.before, status: input.status });
  const page = rows.slice(0, input.limit);
  return {
    items: page.map((row) => ({ ...row, nextAttemptAt: new Date(row.nextAttemptAt).toISOString() })),
    nextBefore: rows.length > input.limit ? page.at(-1)!.id : null,
    delivery: deliversMail(deps.config) ? 'smtp' : 'outbox-folder',
  };
}

/** Sends a failed message again, with a fresh set of attempts. */
export async function retryEmail(deps: AppDeps, id: number): Promise<{ success: true }> {
  const status = await repo.findOutboxStatus(deps.db, id);
  if (status === undefined || status === 'preparing') throw new AppError('NOT_FOUND', 'No email with this id.');
  if (!(await repo.requeueFailedEmail(deps.db, id, Date.now()))) {
    throw new AppError('CONFLICT', `Only a failed email can be retried; this one is ${status}.`);
  }
  deps.mailSignal.wake();
  return { success: true };
}

const NO_COUPLE = 'This couple account no longer exists.';

/** The couple's weekly reminder choice (Profile). */
export async function getReminderSetting(
  deps: AppDeps,
  couple: Pick<CoupleAuth, 'coupleId'>,
): Promise<{ weeklyReminders: boolean }> {
  const on = await repo.findWeeklyReminders(deps.db, couple.coupleId);
  if (on === undefined) throw new AppError('NOT_FOUND', NO_COUPLE);
  return { weeklyReminders: on };
}

export async function setReminderSetting(
  deps: AppDeps,
  couple: Pick<CoupleAuth, 'coupleId'>,
  weeklyReminders: boolean,
): Promise<{ weeklyReminders: boolean }> {
  if (!(await repo.setWeeklyReminders(deps.db, couple.coupleId, weeklyReminders))) {
    throw new AppError('NOT_FOUND', NO_COUPLE);
  }
  return { weeklyReminders };
}

export const UNSUBSCRIBE_INVALID = 'This unsubscribe link is not valid. You can turn reminders off in your Profile.';

/** The couple an unsubscribe link's token names; 400 for a token that is not one of ours. */
export function coupleOfUnsubscribeToken(deps: Pick<AppDeps, 'accessCodeKey'>, token: unknown): number {
  const coupleId = verifyUnsubscribeToken(deps.accessCodeKey, token);
  if (coupleId === null) throw new AppError('BAD_REQUEST', UNSUBSCRIBE_INVALID);
  return coupleId;
}

/** The one-click unsubscribe: reminders off for the token's couple, no sign-in needed. Returns the couple. */
export async function unsubscribeByToken(deps: AppDeps, token: unknown): Promise<number> {
  const coupleId = coupleOfUnsubscribeToken(deps, token);
  // A deleted couple has nothing left to unsubscribe from: the link still answers "done".
  await repo.setWeeklyReminders(deps.db, coupleId, false);
  return coupleId;
}

export function unsubscribeUrl(deps: Pick<AppDeps, 'accessCodeKey' | 'config'>, coupleId: number): string {
  return `${deps.config.publicUrl}/unsubscribe?token=${unsubscribeToken(deps.accessCodeKey, coupleId)}`;
}

/**
 * A weekly reminder, recorded under its unique key (couple, week) in the same transaction: false
 * when that week's reminder was recorded already (by an earlier run, another process, or before a
 * restart), and then nothing is queued.
 */
export async function queueWeeklyReminder(
  deps: AppDeps,
  reminder: {
    coupleId: number;
    email: string;
    names: { displayName: string; partnerName: string };
    weekNumber: number;
    weekTitle: string;
    /** The title's language, when the week's translation is missing (decision 0232): the email marks it. */
    weekTitleLanguage?: Locale;
    /** The week's title in each language, for the push to each sign-in's devices (read before the transaction). */
    weekTitles?: Partial<Record<Locale, string>>;
  },
): Promise<boolean> {
  const link = unsubscribeUrl(deps, reminder.coupleId);
  return deps.db.transaction().execute(async (trx) => {
    if (!(await repo.recordReminderSent(trx, reminder.coupleId, reminder.weekNumber))) return false;
    // The same reminder to the devices that opted in to push (decision 0271), in each one's language.
    await queueWeeklyReminderPush(trx, {
      coupleId: reminder.coupleId,
      weekNumber: reminder.weekNumber,
      weekTitle: (locale) => reminder.weekTitles?.[locale] ?? reminder.weekTitle,
    });
    await queueEmail(trx, deps, {
      kind: 'weekly-reminder',
      coupleId: reminder.coupleId,
      to: reminder.email,
      email: weeklyReminderEmail(
        deps.config.publicUrl,
        { ...reminder, unsubscribeUrl: link },
        await recipientLocale(trx, { email: reminder.email, coupleId: reminder.coupleId }),
      ),
      headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    return true;
  });
}

/** An invite to the other partner, with its link and code (docs/product.md#partner-sign-ins). */
export async function queuePartnerInvite(
  db: DB,
  deps: MailDeps,
  invite: {
    /** The inviting couple: the email is erased with it, though it went to an address of no sign-in. */
    coupleId: number;
    to: string;
    inviterName: string;
    partnerName: string;
    link: string;
    code: string;
    validDays: number;
    /** The language to invite in (the inviter's); else the address's account's, else English. */
    locale?: Locale;
  },
): Promise<void> {
  await queueEmail(db, deps, {
    kind: 'partner-invite',
    coupleId: invite.coupleId,
    to: invite.to,
    email: partnerInviteEmail(
      deps.config.publicUrl,
      invite,
      invite.locale ?? (await recipientLocale(db, { email: invite.to })),
    ),
    sensitive: true,
  });
}

/** The `deliver` of issueAccessCode for a partner who accepted an invite: their own code by email. */
export function partnerCodeDelivery(deps: MailDeps, partner: { email: string; name: string }) {
  return async (db: DB, accessCode: string, accountId: number): Promise<void> => {
    await queueEmail(db, deps, {
      kind: 'partner-code',
      coupleId: await repo.coupleOfAccount(db, accountId),
      to: partner.email,
      email: partnerCodeEmail(deps.config.publicUrl, { ...partner, accessCode }, await recipientLocale(db, partner)),
      sensitive: true,
    });
  };
}

/** "Casey has shared week 12", to the partner who shared first (docs/product.md#sealed-answers). */
export async function queuePartnerSharedNotice(
  db: DB,
  deps: MailDeps,
  notice: { coupleId: number; to: string; recipientName: string; sharerName: string; weekNumber: number },
): Promise<void> {
  await queueEmail(db, deps, {
    kind: 'partner-shared',
    coupleId: notice.coupleId,
    to: notice.to,
    email: partnerSharedEmail(deps.config.publicUrl, notice, await recipientLocale(db, { email: notice.to })),
  });
}

/**
 * The emails the app sends a couple about their account (docs/product.md#our-data): exported with
 * their data and erased with their account. The seller's notices and contact replies are not theirs
 * (anyone may write from that address).
 */
export const COUPLE_EMAIL_KINDS = [
  'access-code',
  'trial-welcome',
  'requested-code',
  'weekly-reminder',
  'partner-invite',
  'partner-code',
  'partner-shared',
  'cohort-message',
  'cohort-removal',
  // A failed payment's email to the buyer's address, as the access code's (decision 0350).
  'payment-failed',
] as const;

/**
 * Erases a deleted couple's emails, in the caller's transaction: every email tied to the couple
 * (decision 0318: whatever address it went to, the partner invite's typed address and a removed
 * partner's too), and those of COUPLE_EMAIL_KINDS (and a pending "Email me my code" request) to
 * the couple's current addresses, for emails queued before they were tied. After it commits,
 * tidyOutboxFolder removes their .eml files. Answers how many messages went.
 */
export async function eraseCoupleEmails(
  db: DB,
  couple: { coupleId: number; recipients: readonly string[] },
): Promise<number> {
  return repo.deleteCoupleEmails(db, couple.coupleId, couple.recipients, [...COUPLE_EMAIL_KINDS, 'code-request']);
}

/** How long a sent or failed message stays in the outbox (docs/product.md#email). */
export const OUTBOX_RETENTION_DAYS = 90;

/**
 * Removes the messages that were sent or given up more than OUTBOX_RETENTION_DAYS after they were
 * queued: the outbox is a queue and a recent record for the seller, not an archive of every
 * couple's mail. Queued and preparing messages stay whatever their age. The outbox folder's .eml
 * files follow their rows (tidyOutboxFolder). Answers how many messages and files went.
 */
export async function pruneOutbox(
  deps: Pick<AppDeps, 'db' | 'config'>,
  now: number,
): Promise<{ messages: number; files: number }> {
  const before = new Date(now - OUTBOX_RETENTION_DAYS * 24 * 60 * 60_000).toISOString();
  const messages = await repo.deleteFinishedEmailsBefore(deps.db, before);
  return { messages, files: await tidyOutboxFolder(deps, now) };
}

/**
 * Removes the outbox folder's .eml files (docs/product.md#email) whose message is no longer in the
 * outbox table (pruned, or erased with a couple's account) or that are older than the retention
 * (a file left by an earlier database whose queue id was used again). The file is written only
 * after its row exists, so a file without a row is never one about to be sent; a file written
 * after its row went (a send in flight while an account was deleted) goes on the next pass. Only
 * names the transport writes (`000042-kind.eml`, regular files) are touched, nothing else in the
 * folder (decision 0194). Answers how many files went.
 */
export async function tidyOutboxFolder(deps: Pick<AppDeps, 'db' | 'config'>, now: number): Promise<number> {
  const dir = deps.config.mail.outboxDir;
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const files = entries.flatMap((entry) => {
    const id = entry.isFile() ? outboxFileId(entry.name) : null;
    return id === null ? [] : [{ id, file: path.join(dir, entry.name) }];
  });
  if (files.length === 0) return 0;
  const kept = await repo.findExistingEmailIds(deps.db, [...new Set(files.map((entry) => entry.id))]);
  const oldest = now - OUTBOX_RETENTION_DAYS * 24 * 60 * 60_000;
  let removed = 0;
  for (const { id, file } of files) {
    let expired = !kept.has(id);
    if (!expired) {
      const stat = await fs.stat(file).catch(() => undefined);
      expired = stat !== undefined && stat.mtimeMs < oldest;
    }
    if (!expired) continue;
    await fs.rm(file, { force: true });
    removed += 1;
  }
  return removed;
}
