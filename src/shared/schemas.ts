import { z } from './zod';
import { TOTAL_WEEKS, PARTNERS } from './constants';

/** `true` when A and B are the same type (for `true satisfies SameType<A, B>` checks). */
export type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Text that is a whole number written in plain digits: no sign, space, point, exponent or 0x. */
const PLAIN_DIGITS = /^[0-9]+$/;

/**
 * A whole number from `min` to `max`, for path segments, form fields and JSON inputs alike: a JSON
 * number that is an integer, or text in plain digits ("7", as a path or a form sends it). Nothing
 * else is read as a number (`true`, `[1]`, `"0x1"`, `" 1 "`, `"1e0"`, `"+1"` are refused, where
 * JavaScript's Number() would take them); every refusal carries `message`, which names the field.
 */
export function wholeNumberSchema(message: string, { min, max }: { min: number; max: number }) {
  return z
    .union([z.number(), z.string().regex(PLAIN_DIGITS, message)], { error: message })
    .transform(Number)
    .pipe(z.number({ error: message }).int(message).min(min, message).max(max, message));
}

/** Path and input fragments used by several features. */
export const WEEK_NUMBER_MESSAGE = `weekNumber must be a whole number from 1 to ${TOTAL_WEEKS}`;
export const weekNumberSchema = wholeNumberSchema(WEEK_NUMBER_MESSAGE, { min: 1, max: TOTAL_WEEKS });

export const userIdSchema = wholeNumberSchema('userId must be a positive whole number', {
  min: 1,
  max: Number.MAX_SAFE_INTEGER,
});

export const partnerSchema = z.enum(PARTNERS, { error: 'partner must be partner1 or partner2' });

/**
 * Required text, trimmed, of at most `max` characters; its messages name the field (`maxText`: the
 * limit as the message writes it).
 */
export const requiredText = (field: string, max: number, maxText: string = String(max)) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${maxText} characters`);

/** A week number in an answer (the inputs above also accept text, as paths carry it). */
export const weekNumberValueSchema = z.number().int().min(1).max(TOTAL_WEEKS);

/**
 * The body of every refused /api call (docs/product.md#errors): a message a person can act on,
 * naming the field for a 400.
 */
export const errorBodySchema = z.object({
  message: z.string(),
  success: z.literal(false).optional().meta({ description: 'Only on the sign-in and registration paths.' }),
  retryAfterSeconds: z
    .number()
    .int()
    .positive()
    .optional()
    .meta({ description: 'Only on a 429; also sent as Retry-After.' }),
});

/** The answer of calls that only confirm (logout, deleting a framework). */
export const successSchema = z.object({ success: z.literal(true) });
export type Success = z.infer<typeof successSchema>;

/**
 * Simple email pattern of docs/product.md#validation-rules: text, @, text, dot, text. Trimmed and
 * lower-cased.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const emailSchema = z
  .string({ error: 'email is required' })
  .trim()
  .min(1, 'email is required')
  .max(254, 'email is too long')
  .regex(EMAIL_PATTERN, 'email must be a valid email address')
  .transform((value) => value.toLowerCase());

/**
 * Turns a zod error into one readable sentence naming the first bad field. An input that is not
 * an object at all (a JSON string or array where an object is expected) has no field to name: the
 * sentence then says what `subject` (the request body, a tRPC input) must be.
 */
export function describeZodError(error: z.ZodError, subject = 'The input'): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input';
  const field = issue.path.join('.');
  if (!field && issue.code === 'invalid_type' && (issue.expected === 'object' || issue.expected === 'array')) {
    return `${subject} must be a JSON ${issue.expected}.`;
  }
  if (issue.message.startsWith(field) || !field) return issue.message;
  return `${field}: ${issue.message}`;
}
