import { SIMPLE_EMAIL_PATTERN } from './orders';

/**
 * The sign-in email's rule (auth-schemas.ts, signInEmailSchema) without zod, for the forms of
 * pages that load none (the dashboard's partner invite, decision 0044) or need only this rule (the
 * partner's invite page): the same English messages, which the page says in its own language
 * (api-error.ts, KNOWN_FIELD_MESSAGES). A test keeps the two in step.
 */

export const EMAIL_MAX_LENGTH = 254;

/** Why a typed email is refused (checked trimmed), or null when it is acceptable. */
export function signInEmailProblem(typed: string): string | null {
  const email = typed.trim();
  if (email === '') return 'Enter your email';
  if (email.length > EMAIL_MAX_LENGTH) return 'Email is too long';
  if (!SIMPLE_EMAIL_PATTERN.test(email)) return 'Enter a valid email address';
  return null;
}
