import { z } from 'zod';
import { NAME_MAX_LENGTH, PRICE_CENTS } from './constants';
import { EMAIL_PATTERN, emailSchema } from './schemas';

/**
 * Order ids look like card-payment intent ids: `pi_` and letters or digits (CONTRACT section 7).
 * Anything else cannot name an order, so it is answered "Order not found" without a database query.
 */
export const PAYMENT_INTENT_ID_PATTERN = /^pi_[A-Za-z0-9]{1,200}$/;

export function isPaymentIntentId(value: unknown): value is string {
  return typeof value === 'string' && PAYMENT_INTENT_ID_PATTERN.test(value);
}

/** The input of orders.get and orders.downloadWorkbook; the format itself is checked by the service. */
export const orderLookupSchema = z.object({
  paymentIntentId: z.string({ error: 'paymentIntentId is required' }).max(255, 'paymentIntentId is too long'),
});

export const ORDER_STATUSES = ['completed', 'pending'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const requiredName = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(NAME_MAX_LENGTH, `${field} must be at most ${NAME_MAX_LENGTH} characters`);

/** What the seller records with `npm run order:create` (CONTRACT section 7). */
export const createOrderSchema = z.object({
  email: emailSchema,
  firstName: requiredName('firstName'),
  lastName: requiredName('lastName'),
  /** Cents; the command line passes digits as text ("4900"), anything else is refused. */
  amount: z.preprocess(
    (value) => (typeof value === 'string' ? (/^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN) : value),
    z
      .number({ error: 'amount must be a whole number of cents' })
      .int('amount must be a whole number of cents')
      .min(0, 'amount must not be negative')
      .max(10_000_000, 'amount must be at most 10000000 cents')
      .default(PRICE_CENTS),
  ),
  status: z.enum(ORDER_STATUSES, { error: 'status must be completed or pending' }).default('completed'),
  username: z
    .string()
    .trim()
    .min(1, 'username must not be empty')
    .max(32, 'username must be at most 32 characters')
    .optional(),
});
export type CreateOrderInput = z.input<typeof createOrderSchema>;

/**
 * The pricing card's form and the /checkout query string: first name, last name and email, all
 * required (SPEC section 5). Values are trimmed; the email must match the simple pattern.
 */
export interface CheckoutDetails {
  firstName: string;
  lastName: string;
  email: string;
}

export type CheckoutDetailsProblem = 'missing' | 'invalid-email';

/** Checks the pricing form; `missing` wins over `invalid-email`, as the toasts of SPEC section 5 expect. */
export function checkCheckoutDetails(values: Partial<Record<keyof CheckoutDetails, string | undefined>>):
  | { ok: true; details: CheckoutDetails }
  | { ok: false; problem: CheckoutDetailsProblem } {
  const firstName = values.firstName?.trim() ?? '';
  const lastName = values.lastName?.trim() ?? '';
  const email = values.email?.trim() ?? '';
  if (!firstName || !lastName || !email) return { ok: false, problem: 'missing' };
  if (!EMAIL_PATTERN.test(email)) return { ok: false, problem: 'invalid-email' };
  return { ok: true, details: { firstName, lastName, email } };
}

/** Dollars with two decimals from cents (SPEC section 9): 4900 -> "$49.00". */
export function formatCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
