import { z } from './zod';
import { TOTAL_WEEKS, PARTNERS } from './constants';

/** `true` when A and B are the same type (for `true satisfies SameType<A, B>` checks). */
export type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Path and input fragments used by several features. */
export const weekNumberSchema = z.coerce
  .number({ error: 'weekNumber must be a whole number from 1 to 52' })
  .int('weekNumber must be a whole number from 1 to 52')
  .min(1, 'weekNumber must be a whole number from 1 to 52')
  .max(TOTAL_WEEKS, 'weekNumber must be a whole number from 1 to 52');

export const userIdSchema = z.coerce
  .number({ error: 'userId must be a positive whole number' })
  .int('userId must be a positive whole number')
  .positive('userId must be a positive whole number');

export const partnerSchema = z.enum(PARTNERS, { error: 'partner must be partner1 or partner2' });

/** A week number in an answer (the inputs above also accept text, as paths carry it). */
export const weekNumberValueSchema = z.number().int().min(1).max(TOTAL_WEEKS);

/**
 * The body of every refused /api call (docs/product.md#errors): a message a person can act on,
 * naming the field for a 400.
 */
export const errorBodySchema = z.object({
  message: z.string(),
  success: z.literal(false).optional().meta({ description: 'Only on the sign-in and registration paths.' }),
  retryAfterSeconds: z.number().int().positive().optional().meta({ description: 'Only on a 429; also sent as Retry-After.' }),
});

/** The answer of calls that only confirm (logout, deleting a framework). */
export const successSchema = z.object({ success: z.literal(true) });
export type Success = z.infer<typeof successSchema>;

/** Simple email pattern of SPEC section 5: text, @, text, dot, text. Trimmed and lower-cased. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const emailSchema = z
  .string({ error: 'email is required' })
  .trim()
  .min(1, 'email is required')
  .max(254, 'email is too long')
  .regex(EMAIL_PATTERN, 'email must be a valid email address')
  .transform((value) => value.toLowerCase());

/** Turns a zod error into one readable sentence naming the first bad field. */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input';
  const field = issue.path.join('.');
  if (issue.message.startsWith(field) || !field) return issue.message;
  return `${field}: ${issue.message}`;
}
