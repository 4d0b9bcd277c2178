import type { ListedEmailKind } from '../../../shared/email-kinds';
import type { MessageId } from '../../../shared/i18n/locales';
import { translate } from '../../i18n/i18n';
import type { RouterOutputs } from '../../trpc';

export type OutboxItem = RouterOutputs['mail']['outbox']['items'][number];
export type OutboxStatus = OutboxItem['status'];

/**
 * What each kind of message is, in the seller's words: every kind the app queues
 * (src/shared/email-kinds.ts), so a new one does not compile without its words. A kind no longer
 * queued is shown as stored.
 */
const KIND_LABELS: Record<ListedEmailKind, MessageId> = {
  'access-code': 'admin.outbox.kind.accessCode',
  'trial-welcome': 'admin.outbox.kind.trialWelcome',
  'requested-code': 'admin.outbox.kind.requestedCode',
  'order-notice': 'admin.outbox.kind.orderNotice',
  'payment-failed': 'admin.outbox.kind.paymentFailed',
  'payment-failed-notice': 'admin.outbox.kind.paymentFailedNotice',
  'contact-notice': 'admin.outbox.kind.contactNotice',
  'contact-reply': 'admin.outbox.kind.contactReply',
  'weekly-reminder': 'admin.outbox.kind.weeklyReminder',
  'admin-sign-ins-paused': 'admin.outbox.kind.signInsPaused',
  'partner-invite': 'admin.outbox.kind.partnerInvite',
  'partner-code': 'admin.outbox.kind.partnerCode',
  'partner-shared': 'admin.outbox.kind.partnerShared',
  gift: 'admin.outbox.kind.gift',
  'gift-receipt': 'admin.outbox.kind.giftReceipt',
  'gift-opened': 'admin.outbox.kind.giftOpened',
  'facilitator-invite': 'admin.outbox.kind.facilitatorInvite',
  'seat-pack-receipt': 'admin.outbox.kind.seatPackReceipt',
  'cohort-message': 'admin.outbox.kind.cohortMessage',
  'cohort-removal': 'admin.outbox.kind.cohortRemoval',
};

/** Whether `kindLabel` has words for the kind (else it shows the stored code). */
export function hasKindLabel(kind: string): kind is ListedEmailKind {
  return Object.hasOwn(KIND_LABELS, kind);
}

export function kindLabel(kind: string): string {
  return hasKindLabel(kind) ? translate(KIND_LABELS[kind]) : kind;
}

export const STATUS_LABELS: Record<OutboxStatus, MessageId> = {
  preparing: 'admin.outbox.status.queued',
  pending: 'admin.outbox.status.queued',
  sent: 'admin.outbox.status.sent',
  failed: 'admin.outbox.status.failed',
};
/** Filled badges: gray, green and red 7 all carry white text above 4.5:1 (src/web/theme.ts). */
export const STATUS_COLORS: Record<OutboxStatus, string> = {
  preparing: 'gray',
  pending: 'gray',
  sent: 'green',
  failed: 'red',
};

/**
 * The last error in the seller's words, before the mail server's own text: why an email did not
 * go out and what usually fixes it. Null when the text matches no known cause.
 */
export function explainMailError(lastError: string): string | null {
  if (/ECONNREFUSED|ETIMEDOUT|ENOTFOUND|EHOSTUNREACH|ECONNRESET|EAI_AGAIN|timed? ?out/i.test(lastError)) {
    return translate('admin.outbox.error.unreachable');
  }
  if (/invalid login|authenticat|\b535\b/i.test(lastError)) {
    return translate('admin.outbox.error.login');
  }
  if (/\b55[0-4]\b|recipient|mailbox unavailable|no such user/i.test(lastError)) {
    return translate('admin.outbox.error.recipient');
  }
  if (/\b4\d\d\b/.test(lastError)) {
    return translate('admin.outbox.error.later');
  }
  return null;
}
