import { CONTACT_SUBJECTS } from './constants';
import type { ContactSubject } from './contact-schemas';
import { wholeNumberSchema } from './schemas';
import { z } from './zod';

/**
 * The seller's contact inbox (docs/product.md#admin-screen): the admin procedures' inputs and
 * answers, shared by the Messages page and the contact feature's router.
 */

/**
 * A message's state: `unread` until the seller opens it, `open` once read and until handled,
 * `handled` once marked handled (or answered). The filter `open` means "still to do": it lists
 * unread messages too.
 */
export const CONTACT_STATES = ['unread', 'open', 'handled'] as const;
export type ContactState = (typeof CONTACT_STATES)[number];

/** A subject filter: one of the four subjects, or `none` for messages sent without one. */
const SUBJECT_FILTERS: [ContactSubject | 'none', ...(ContactSubject | 'none')[]] = [
  ...CONTACT_SUBJECTS.map((subject) => subject.value),
  'none',
] as [ContactSubject, 'none'];

export const INBOX_PAGE_SIZE = 20;
export const INBOX_MAX_PAGE_SIZE = 100;
export const INBOX_SEARCH_MAX_LENGTH = 200;
/** How much of a message the list shows before the seller opens it. */
export const INBOX_PREVIEW_LENGTH = 160;

export const contactInboxQuerySchema = z.object({
  page: wholeNumberSchema('page must be a whole number from 1', { min: 1, max: 1_000_000 }).default(1),
  pageSize: wholeNumberSchema(`pageSize must be a whole number from 1 to ${INBOX_MAX_PAGE_SIZE}`, {
    min: 1,
    max: INBOX_MAX_PAGE_SIZE,
  }).default(INBOX_PAGE_SIZE),
  /** Words to find in the sender's name, email or the message; blank means no search. */
  search: z
    .string({ error: 'search must be text' })
    .trim()
    .max(INBOX_SEARCH_MAX_LENGTH, `search must be at most ${INBOX_SEARCH_MAX_LENGTH} characters`)
    .optional(),
  subject: z
    .enum(SUBJECT_FILTERS, { error: 'subject must be one of general, course, payment, technical or none' })
    .optional(),
  state: z.enum(CONTACT_STATES, { error: 'state must be one of unread, open or handled' }).optional(),
});
export type ContactInboxQueryInput = z.input<typeof contactInboxQuerySchema>;
export type ContactInboxQuery = z.output<typeof contactInboxQuerySchema>;

export const contactMessageIdSchema = z.object({
  id: wholeNumberSchema('id must be a positive whole number', { min: 1, max: Number.MAX_SAFE_INTEGER }),
});

export const contactSetHandledSchema = contactMessageIdSchema.extend({
  handled: z.boolean({ error: 'handled must be true or false' }),
});

/** One message as the inbox lists it: a preview of the text, not all of it. */
export interface ContactInboxItem {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  subject: ContactSubject | null;
  preview: string;
  createdAt: string;
  readAt: string | null;
  handledAt: string | null;
  state: ContactState;
}

/** One message opened in full. */
export interface ContactInboxMessage extends Omit<ContactInboxItem, 'preview'> {
  message: string;
}

export interface ContactInboxPage {
  items: ContactInboxItem[];
  /** Messages matching the filters and search, on every page. */
  total: number;
  page: number;
  pageSize: number;
}

/** The state a message is in, from its two timestamps (handled wins). */
export function contactStateOf(message: { readAt: string | null; handledAt: string | null }): ContactState {
  if (message.handledAt) return 'handled';
  return message.readAt ? 'open' : 'unread';
}

/** The label of a subject value ('General Question'), or 'No subject'. */
export function contactSubjectLabel(subject: string | null): string {
  return CONTACT_SUBJECTS.find((option) => option.value === subject)?.label ?? 'No subject';
}
