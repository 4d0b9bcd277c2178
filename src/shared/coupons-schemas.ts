import { COUPON_CODE_MAX_LENGTH, COUPON_CODE_PATTERN } from './coupon-rules';
import { z } from './zod';

export { COUPON_CODE_MAX_LENGTH } from './coupon-rules';

/**
 * Coupons (issue 39, decision 0240): codes are letters, digits, `-` and `_`, kept upper-case, so
 * "summer-20" and "SUMMER-20" are one code.
 */
export const couponCodeSchema = z
  .string({ error: 'couponCode must be text' })
  .trim()
  .min(1, 'couponCode is required')
  .max(COUPON_CODE_MAX_LENGTH, `couponCode must be at most ${COUPON_CODE_MAX_LENGTH} characters`)
  .regex(COUPON_CODE_PATTERN, 'couponCode may hold only letters, digits, - and _')
  .transform((value) => value.toUpperCase());

/** An optional code on a form: empty means none. One code only: codes never stack. */
export const optionalCouponCodeSchema = z
  .union([z.literal(''), couponCodeSchema])
  .optional()
  .transform((value) => (value ? value : undefined));

/** payments.quote: the price with a code, before checkout; the email lets a first-purchase code be checked. */
export const quoteInputSchema = z.object({
  couponCode: couponCodeSchema,
  email: z.string().trim().toLowerCase().max(254).optional(),
});
export type QuoteInput = z.input<typeof quoteInputSchema>;

export interface PriceQuote {
  couponCode: string;
  priceCents: number;
  discountCents: number;
  totalCents: number;
  currency: string;
}

/** The most uses a code may allow. */
export const COUPON_MAX_USES = 1_000_000;
/** The largest fixed discount, in the currency's smallest unit. */
export const COUPON_FIXED_MAX_AMOUNT = 100_000_000;

const isoDate = z.iso.date({ error: 'expiresOn must be a date (YYYY-MM-DD)' });

/** The back office's coupon form (create and edit). */
export const couponFormSchema = z
  .object({
    code: couponCodeSchema,
    kind: z.enum(['percent', 'fixed'], { error: 'kind must be percent or fixed' }),
    amount: z
      .number({ error: 'amount must be a number' })
      .int('amount must be a whole number (a percentage, or cents)')
      .min(1, 'amount must be at least 1'),
    expiresOn: isoDate.nullable().default(null),
    maxUses: z
      .number({ error: 'maxUses must be a number' })
      .int('maxUses must be a whole number')
      .min(1, 'maxUses must be at least 1')
      .max(COUPON_MAX_USES, `maxUses must be at most ${COUPON_MAX_USES}`)
      .nullable()
      .default(null),
    firstPurchaseOnly: z.boolean().default(false),
    active: z.boolean().default(true),
  })
  .refine((coupon) => coupon.kind !== 'percent' || coupon.amount <= 100, {
    message: 'amount must be at most 100 for a percentage',
    path: ['amount'],
  })
  .refine((coupon) => coupon.kind !== 'fixed' || coupon.amount <= COUPON_FIXED_MAX_AMOUNT, {
    message: 'amount is too large',
    path: ['amount'],
  });
export type CouponForm = z.input<typeof couponFormSchema>;

export const couponUpdateSchema = z.object({ id: z.number().int().positive(), coupon: couponFormSchema });

export interface CouponListItem {
  id: number;
  code: string;
  kind: 'percent' | 'fixed';
  amount: number;
  expiresOn: string | null;
  maxUses: number | null;
  firstPurchaseOnly: boolean;
  active: boolean;
  /** Past its last day (UTC): checkouts refuse it as expired, whatever `active` says. */
  expired: boolean;
  /** Completed orders that used the code. */
  uses: number;
  /** Checkouts holding a use right now. */
  reserved: number;
  /** What those orders paid, in cents (refunded orders excluded). */
  revenueCents: number;
  createdAt: string;
}
