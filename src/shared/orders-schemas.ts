import { z } from './zod';
import { NAME_MAX_LENGTH, PRICE_CENTS } from './constants';
import { emailSchema } from './schemas';

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
