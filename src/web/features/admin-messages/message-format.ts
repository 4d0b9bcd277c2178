import type { MessageId } from '../../../shared/i18n/locales';
import { type ContactState, contactSubjectLabel } from '../../../shared/contact-inbox-schemas';
import { translate } from '../../i18n/i18n';

export const STATE_LABELS: Record<ContactState, MessageId> = {
  unread: 'admin.messages.state.unread',
  open: 'admin.messages.state.open',
  handled: 'admin.messages.state.handled',
};

const SUBJECT_LABELS: Record<string, MessageId> = {
  general: 'admin.messages.subject.general',
  course: 'admin.messages.subject.course',
  payment: 'admin.messages.subject.payment',
  technical: 'admin.messages.subject.technical',
};

/** A contact subject in the admin's language ("No subject" when the visitor chose none). */
export function subjectLabel(subject: string | null): string {
  return translate((subject && SUBJECT_LABELS[subject]) || 'admin.messages.subject.none');
}
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
