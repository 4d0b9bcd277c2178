import { z } from './zod';
import { NAME_MAX_LENGTH, PRICE_CENTS } from './constants';
import { emailSchema, requiredText } from './schemas';

/**
 * Order ids look like card-payment intent ids: `pi_` and letters or digits
 * (docs/product.md#orders). Anything else cannot name an order, so it is answered "Order not found"
 * without a database query.
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

/**
 * An order as every caller sees it (GET /api/order/{id}, orders.get): amount in cents. The orders
 * repo builds it; http/openapi.ts checks at compile time that the two agree.
 */
export const orderSchema = z.object({
  id: z.string().meta({ description: '`pi_` and letters or digits; also the receipt link.' }),
  amount: z.number().int().min(0).meta({ description: 'Cents.' }),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: z.string().meta({ description: `One of ${ORDER_STATUSES.join(', ')}.` }),
});
export type Order = z.infer<typeof orderSchema>;

/** GET /api/download-workbook/{id}: where the complete workbook PDF of a completed order is. */
export const workbookDownloadSchema = z.object({
  message: z.string(),
  downloadUrl: z.string().meta({ description: 'A path on this server answering the PDF.' }),
});
export type WorkbookDownload = z.infer<typeof workbookDownloadSchema>;

/** The largest amount an order may record, in the currency's smallest unit. */
export const MAX_ORDER_AMOUNT = 10_000_000;

/** What the seller records with `npm run order:create` (docs/product.md#orders). */
export const createOrderSchema = z.object({
  email: emailSchema,
  firstName: requiredText('firstName', NAME_MAX_LENGTH),
  lastName: requiredText('lastName', NAME_MAX_LENGTH),
  /** Cents; the command line passes digits as text ("4900"), anything else is refused. */
  amount: z.preprocess(
    (value) => (typeof value === 'string' ? (/^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN) : value),
    z
      .number({ error: 'amount must be a whole number of cents' })
      .int('amount must be a whole number of cents')
      .min(0, 'amount must not be negative')
      .max(MAX_ORDER_AMOUNT, `amount must be at most ${MAX_ORDER_AMOUNT} cents`)
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
