import { NAME_MAX_LENGTH } from './constants';
import { optionalCouponCodeSchema } from './coupons-schemas';
import { emailSchema, requiredText } from './schemas';
import { z } from './zod';

/** The buyer on /checkout (docs/product.md#card-payments): payments.startCheckout's input and the pay form. */
export const startCheckoutSchema = z.object({
  email: emailSchema,
  firstName: requiredText('firstName', NAME_MAX_LENGTH),
  lastName: requiredText('lastName', NAME_MAX_LENGTH),
  /** One coupon code at most (codes never stack); the price is computed on the server. */
  couponCode: optionalCouponCodeSchema,
});
export type StartCheckoutInput = z.input<typeof startCheckoutSchema>;

/** Where the browser goes to pay: Stripe's hosted Checkout page. */
export const checkoutStartedSchema = z.object({ url: z.string() });
export type CheckoutStarted = z.infer<typeof checkoutStartedSchema>;

/**
 * What /success says about the personal access code (its `code` query; decision 0319 and 0326):
 * `kept`, a free order for an email that had an account, whose code did not change (sign in with
 * it); `signed-in`, a couple who bought while signed in, whose account was upgraded as it is (no
 * code was sent). Absent: a code went to the buyer's email. Only words on the buyer's own page.
 */
export type SuccessCodeNote = 'kept' | 'signed-in';

/** The /success page of an order, with what it should say about the code. */
export function successPath(paymentIntentId: string, note: SuccessCodeNote | null): string {
  const code = note === null ? '' : `&code=${note}`;
  return `/success?payment_intent=${encodeURIComponent(paymentIntentId)}${code}`;
}

/** GET /api/payments/return's query: the Checkout Session Stripe sends the buyer back with. */
export const paymentReturnQuerySchema = z.object({
  session_id: z
    .string({ error: 'session_id is required' })
    .regex(/^cs_[A-Za-z0-9_]{1,250}$/, 'session_id must be a Checkout Session id (cs_...)'),
});

/** What POST /api/payments/webhook reads of a Stripe event (for the API document; the signature is what is checked). */
export const stripeEventSchema = z.object({
  id: z.string().meta({ description: "Stripe's event id (`evt_...`): each is processed at most once." }),
  type: z.string().meta({
    description:
      'Handled: checkout.session.completed, checkout.session.async_payment_succeeded, checkout.session.async_payment_failed, checkout.session.expired, charge.refunded; others are ignored.',
  }),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/** The webhook's answer to every valid event, handled or ignored. */
export const webhookReceivedSchema = z.object({ received: z.literal(true) });
