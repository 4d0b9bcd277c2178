/**
 * Order helpers for the pages, free of zod so the landing page's bundle stays small (its budget is
 * 150 KB of gzipped JS; zod alone is about 25 KB). The zod schemas are in orders-schemas.ts.
 */

/**
 * The simple email pattern of docs/product.md#validation-rules (text, @, text, dot, text): the same
 * as EMAIL_PATTERN in schemas.ts, which carries zod with it; a test keeps the two identical.
 */
export const SIMPLE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The pricing card's form and the /checkout query string: first name, last name and email, all
 * required (docs/product.md#validation-rules). Values are trimmed; the email must match the simple
 * pattern.
 */
export interface CheckoutDetails {
  firstName: string;
  lastName: string;
  email: string;
}

export type CheckoutDetailsProblem = 'missing' | 'invalid-email';

/**
 * Checks the pricing form; `missing` wins over `invalid-email`, as the toasts of
 * docs/product.md#validation-rules expect.
 */
export function checkCheckoutDetails(
  values: Partial<Record<keyof CheckoutDetails, string | undefined>>,
): { ok: true; details: CheckoutDetails } | { ok: false; problem: CheckoutDetailsProblem } {
  const firstName = values.firstName?.trim() ?? '';
  const lastName = values.lastName?.trim() ?? '';
  const email = values.email?.trim() ?? '';
  if (!firstName || !lastName || !email) return { ok: false, problem: 'missing' };
  if (!SIMPLE_EMAIL_PATTERN.test(email)) return { ok: false, problem: 'invalid-email' };
  return { ok: true, details: { firstName, lastName, email } };
}
