import { NAME_MAX_LENGTH } from './constants';
import { optionalCouponCodeSchema } from './coupons-schemas';
import { createOrderSchema } from './orders-schemas';
import { emailSchema, requiredText } from './schemas';
import { typedCodeSymbols } from './typed-code';
import { z } from './zod';

/** The gift card's message: room for a few warm paragraphs, not a letter. */
export const GIFT_MESSAGE_MAX_LENGTH = 1000;
/** How far ahead a gift can be scheduled. */
export const GIFT_SCHEDULE_MAX_DAYS = 400;

export const GIFT_SEND_AT_PAST = 'sendAt must be today or later.';
export const GIFT_SEND_AT_TOO_FAR = `sendAt must be within ${GIFT_SCHEDULE_MAX_DAYS} days.`;
const DAY_MS = 24 * 60 * 60_000;

/**
 * Why a gift's send time (ms) is refused, else null: in the past, where a day before `now` still
 * counts as today (a day chosen on a page whose clock is a little behind the server's), or more
 * than GIFT_SCHEDULE_MAX_DAYS ahead. The server checks it; the back office's form says it under
 * the field before sending.
 */
export function giftSendAtProblem(at: number, now = Date.now()): string | null {
  if (at < now - DAY_MS) return GIFT_SEND_AT_PAST;
  if (at > now + GIFT_SCHEDULE_MAX_DAYS * DAY_MS) return GIFT_SEND_AT_TOO_FAR;
  return null;
}

/**
 * gifts.startCheckout (issue 39): the buyer, the couple (names and one email), a message, and when
 * to send it (`sendAt`: an ISO date-time in the future, or null for now), with an optional coupon.
 */
export const startGiftCheckoutSchema = z.object({
  buyerName: requiredText('buyerName', NAME_MAX_LENGTH),
  buyerEmail: emailSchema,
  coupleNames: requiredText('coupleNames', 2 * NAME_MAX_LENGTH + 5),
  coupleEmail: emailSchema,
  message: z
    .string()
    .trim()
    .max(GIFT_MESSAGE_MAX_LENGTH, `message must be at most ${GIFT_MESSAGE_MAX_LENGTH} characters`)
    .default(''),
  sendAt: z.iso.datetime({ offset: true, error: 'sendAt must be a date and time' }).nullable().default(null),
  couponCode: optionalCouponCodeSchema,
  /** The language the buyer chose the gift in: its emails and card are in it. */
  locale: z.enum(['en', 'es']).default('en'),
});
export type StartGiftCheckoutInput = z.input<typeof startGiftCheckoutSchema>;

/**
 * adminGifts.record: a gift paid another way (cash, a check, a bank transfer), recorded by the
 * seller as "Record an order" records a purchase: the gift's fields and the amount received.
 */
export const recordGiftSchema = startGiftCheckoutSchema.omit({ couponCode: true }).extend({
  sendAt: startGiftCheckoutSchema.shape.sendAt.superRefine((sendAt, ctx) => {
    const problem = sendAt === null ? null : giftSendAtProblem(Date.parse(sendAt));
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  amount: createOrderSchema.shape.amount,
});
export type RecordGiftInput = z.input<typeof recordGiftSchema>;

export interface RecordedGift {
  giftId: number;
  /** The buyer's receipt page (its code and printable card), also emailed to the buyer. */
  receiptUrl: string;
}

/** GIFT- and three groups of four letters or digits, as printed on the card. */
export const GIFT_CODE_PATTERN = /^GIFT-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/;

/**
 * A gift code as people type it, as personal access codes are read (auth/passwords.ts): letter
 * case, spaces and dashes (or the dash a phone's keyboard makes of a hyphen) do not matter, so
 * "gift dvj6 mvf2 94w2" is GIFT-DVJ6-MVF2-94W2. Anything else is left for the pattern to refuse.
 */
export function normalizeGiftCode(typed: string): string {
  const symbols = typedCodeSymbols(typed);
  return /^GIFT[A-Z0-9]{12}$/.test(symbols)
    ? `GIFT-${symbols.slice(4, 8)}-${symbols.slice(8, 12)}-${symbols.slice(12)}`
    : typed.trim().toUpperCase();
}

export const redeemCodeSchema = z.object({
  code: z
    .string({ error: 'code is required' })
    .transform(normalizeGiftCode)
    .pipe(z.string().regex(GIFT_CODE_PATTERN, 'code must look like GIFT-XXXX-XXXX-XXXX')),
});

export const giftTokenSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9]{32}$/, 'token is not a gift receipt token'),
});

export interface GiftPreview {
  fromName: string;
  coupleNames: string;
  message: string;
  redeemed: boolean;
}

export interface GiftReceipt {
  coupleNames: string;
  coupleEmail: string;
  sendAt: string;
  paid: boolean;
  status: GiftStatus;
  redeemCode: string | null;
  cardUrl: string | null;
}

/** 'refunded': the payment was refunded before the couple opened it, so its code opens nothing. */
/** A gift's state; `payment-failed`: its delayed payment failed, so it was never sent (decision 0352). */
export type GiftStatus = 'awaiting-payment' | 'payment-failed' | 'scheduled' | 'sent' | 'redeemed' | 'refunded';

export interface RedeemAnswer {
  /**
   * 'upgraded': the signed-in couple has full access now, its code unchanged; 'existing': signed
   * out, the account with the gift's email has full access now, its code unchanged (a gift bought
   * with a 100 % coupon, decision 0316): it signs in with that code, or asks for it by email;
   * 'created': a personal code went to the email (a new account, or the old code replaced).
   */
  outcome: 'upgraded' | 'existing' | 'created';
  email: string;
}

export const adminGiftsListSchema = z.object({
  status: z
    .enum(['all', 'awaiting-payment', 'payment-failed', 'scheduled', 'sent', 'redeemed', 'refunded'])
    .default('all'),
});

export interface AdminGiftItem {
  id: number;
  buyerName: string;
  buyerEmail: string;
  coupleNames: string;
  coupleEmail: string;
  sendAt: string;
  status: GiftStatus;
  paidAt: string | null;
  redeemedAt: string | null;
  orderId: string | null;
}

export const giftIdSchema = z.object({ id: z.number().int().positive() });
export const changeGiftEmailSchema = z.object({ id: z.number().int().positive(), email: emailSchema });
