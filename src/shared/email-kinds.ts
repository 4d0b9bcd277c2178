/**
 * Every kind of email the app queues (docs/product.md#email): what the mail feature writes to the
 * outbox, and what the back office's outbox names in words, in each language
 * (src/web/features/admin-outbox/outbox-format.ts). A new kind is added here first, and the
 * compiler then asks for its words.
 */
export const EMAIL_KINDS = [
  'access-code',
  'trial-welcome',
  /** A code request while the worker prepares it (never listed: it becomes `requested-code`). */
  'code-request',
  'requested-code',
  'order-notice',
  /** A delayed payment (a bank debit) failed: to the buyer, how to pay again (decision 0350). */
  'payment-failed',
  /** The seller's notice of a failed delayed payment. */
  'payment-failed-notice',
  'contact-notice',
  'contact-reply',
  'weekly-reminder',
  'admin-sign-ins-paused',
  'partner-invite',
  'partner-code',
  'partner-shared',
  'gift',
  'gift-receipt',
  'gift-opened',
  'facilitator-invite',
  /** A seat pack paid by card: its receipt, to the facilitator (decision 0351). */
  'seat-pack-receipt',
  'cohort-message',
  /** To a couple their facilitator removed from a cohort (decision 0360). */
  'cohort-removal',
] as const;

export type EmailKind = (typeof EMAIL_KINDS)[number];

/** The kinds the outbox lists (a code request shows once the worker has written it). */
export type ListedEmailKind = Exclude<EmailKind, 'code-request'>;
