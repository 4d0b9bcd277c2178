import { z } from './zod';
import { TOTAL_WEEKS, PARTNERS } from './constants';

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
