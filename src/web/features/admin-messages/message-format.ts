import { type ContactState, contactSubjectLabel } from '../../../shared/contact-inbox-schemas';

const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatMessageDate(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}

export const STATE_LABELS: Record<ContactState, string> = { unread: 'Unread', open: 'Open', handled: 'Handled' };
/** Filled badges: plum, gray and green 7 all carry white text above 4.5:1 (src/web/theme.ts). */
export const STATE_COLORS: Record<ContactState, string> = { unread: 'plum', open: 'gray', handled: 'green' };

/**
 * The secondary Reply (the in-app reply is the first): the seller's own mail program, addressed to
 * the sender, with `Re: <subject>` filled in.
 */
export function replyMailto(message: { email: string; subject: string | null }): string {
  const subject = `Re: ${message.subject ? contactSubjectLabel(message.subject) : 'Your message'}`;
  return `mailto:${encodeURIComponent(message.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}`;
}
