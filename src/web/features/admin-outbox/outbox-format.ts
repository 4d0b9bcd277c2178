import { formatDateTime } from '../../../shared/i18n/format';
import type { MessageId } from '../../../shared/i18n/locales';
import { activeLocale, translate } from '../../i18n/i18n';
import type { RouterOutputs } from '../../trpc';

export type OutboxItem = RouterOutputs['mail']['outbox']['items'][number];
export type OutboxStatus = OutboxItem['status'];

/** An outbox time in the active language. */
export function formatOutboxDate(iso: string): string {
  return formatDateTime(activeLocale(), iso);
}

/** What each kind of message is, in the seller's words; unknown kinds are shown as stored. */
const KIND_LABELS: Record<string, MessageId> = {
  'access-code': 'admin.outbox.kind.accessCode',
  'trial-welcome': 'admin.outbox.kind.trialWelcome',
  'requested-code': 'admin.outbox.kind.requestedCode',
  'order-notice': 'admin.outbox.kind.orderNotice',
  'contact-notice': 'admin.outbox.kind.contactNotice',
  'contact-reply': 'admin.outbox.kind.contactReply',
  'weekly-reminder': 'admin.outbox.kind.weeklyReminder',
  'admin-sign-ins-paused': 'admin.outbox.kind.signInsPaused',
};

export function kindLabel(kind: string): string {
  const id = KIND_LABELS[kind];
  return id ? translate(id) : kind;
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
