import { z } from './zod';
import { signInEmailSchema } from './auth-schemas';
import { formatCount } from './format-count';

/**
 * Email inputs (docs/product.md#email), shared by the forms and the server: "Email me my code" on
 * /customer-login, the couple's reminder choice, and the admin's outbox and inbox replies.
 */

/** POST /api/customer-auth/request-code and mail.requestCode. */
export const requestCodeSchema = z.object({ email: signInEmailSchema });
export type RequestCodeInput = z.input<typeof requestCodeSchema>;

/** The one answer to a code request, known email or not (no account enumeration). */
export const REQUEST_CODE_MESSAGE =
  'If an account uses this email, a new personal access code is on its way. It replaces the old one. Please check your inbox (and the spam folder) in a few minutes.';

export const codeRequestedSchema = z.object({ success: z.literal(true), message: z.string() });
export type RequestCodeAnswer = z.infer<typeof codeRequestedSchema>;

/** mail.setReminders: the weekly reminder on or off. */
export const remindersInputSchema = z.object({
  weeklyReminders: z.boolean({ error: 'weeklyReminders must be true or false' }),
});

export const OUTBOX_PAGE_SIZE_MAX = 100;

/** mail.outbox: newest first, `before` the last id of the previous page. */
export const outboxListInputSchema = z
  .object({
    limit: z.number().int().min(1).max(OUTBOX_PAGE_SIZE_MAX).default(50),
    before: z.number().int().positive().optional(),
    status: z.enum(['pending', 'sent', 'failed']).optional(),
  })
  .default({ limit: 50 });

export const retryEmailInputSchema = z.object({ id: z.number({ error: 'id is required' }).int().positive() });

export const REPLY_MAX_LENGTH = 10_000;

/** mail.replyToMessage: the seller's answer to a contact message. */
export const replyToMessageInputSchema = z.object({
  messageId: z.number({ error: 'messageId is required' }).int().positive(),
  body: z
    .string({ error: 'body is required' })
    .trim()
    .min(1, 'body is required')
    .max(REPLY_MAX_LENGTH, `body must be at most ${formatCount(REPLY_MAX_LENGTH)} characters`),
});
