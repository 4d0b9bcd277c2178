import type { RouterOutputs } from '../../trpc';

export type OutboxItem = RouterOutputs['mail']['outbox']['items'][number];
export type OutboxStatus = OutboxItem['status'];

const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatOutboxDate(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}

/** What each kind of message is, in the seller's words; unknown kinds are shown as stored. */
const KIND_LABELS: Record<string, string> = {
  'access-code': 'Access code (new order)',
  'trial-welcome': 'Trial welcome',
  'requested-code': 'Requested access code (Email me my code)',
  'order-notice': 'New order notice',
  'contact-notice': 'New message notice',
  'contact-reply': 'Reply to a message',
  'weekly-reminder': 'Weekly reminder',
  'admin-sign-ins-paused': 'Admin sign-ins from new devices paused',
};

export function kindLabel(kind: string): string {
  return KIND_LABELS[kind] ?? kind;
}

export const STATUS_LABELS: Record<OutboxStatus, string> = {
  preparing: 'Queued',
  pending: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
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
    return 'The mail server could not be reached. Check the host and port in SMTP_URL, then retry.';
  }
  if (/invalid login|authenticat|\b535\b/i.test(lastError)) {
    return 'The mail server refused the user name or password in SMTP_URL.';
  }
  if (/\b55[0-4]\b|recipient|mailbox unavailable|no such user/i.test(lastError)) {
    return 'The mail server refused this recipient. Check the address for a typo.';
  }
  if (/\b4\d\d\b/.test(lastError)) {
    return 'The mail server asked to try again later. A retry usually works.';
  }
  return null;
}
