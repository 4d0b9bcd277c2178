import type Stripe from 'stripe';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../shared/i18n/locales';
import { localizedPath } from '../../../shared/i18n/localized-pages';
import { WORKBOOK_TITLE } from '../../../shared/constants';
import { AppError } from '../../../shared/errors';
import { type StartGiftCheckoutInput, startGiftCheckoutSchema } from '../../../shared/gifts-schemas';
import {
  type CheckoutStarted,
  type StartCheckoutInput,
  type SuccessCodeNote,
  startCheckoutSchema,
  successPath,
} from '../../../shared/payments-schemas';
import { describeZodError } from '../../../shared/schemas';
import type { DB } from '../../db/client';
import type { AppDeps } from '../../deps/app-deps';
import { type AdminActor, type RefundResult, refundOrder, refundOrderAsAdmin } from '../orders/admin-service';
import {
  CHECKOUT_SESSION_MINUTES,
  holdCouponUseForOrder,
  markCouponUseUsed,
  releaseCouponUse,
  releaseHeldCouponUse,
  reserveCouponUse,
  reservedAmount,
  type ReservedUse,
  withinCouponBudget,
} from '../coupons/service';
import {
  buyerTokenOf,
  completeGiftPurchase,
  createPendingGift,
  holdGiftForFlaggedOrder,
  holdGiftForPayment,
  markGiftPaymentFailed,
  unpaidGift,
} from '../gifts/service';
import {
  completePackPurchase,
  holdPackForPayment,
  createPendingPack,
  type FacilitatorAuth,
  markPackPaymentFailed,
  type PackRefundedInStripe,
  pendingPackBuyer,
  pendingPackSeats,
  refundablePack,
  refundPackAsAdmin,
  refundPackOfPayment,
} from '../facilitators/service';
import type { AdminAuth } from '../auth/access';
import { fulfilCompletedOrder, fulfilFreeOrder, generateOrderId } from '../orders/service';
import { recordSystemAction } from '../audit/service';
import { queueOrderNotice, queuePaymentFailed, queuePaymentFailedNotice } from '../mail/service';
import type { FailedPurchase } from '../mail/templates';
import { recipientLocale } from '../i18n/locale';
import {
  claimPaymentFailureNotice,
  findBuyerDetails,
  findCoupleAccountById,
  findPaymentOrder,
  grantFullAccessToCouple,
  hasPaymentFailedEvent,
  hasRefundEvent,
  insertPendingOrderIfAbsent,
  markPendingOrderPaymentFailed,
  markPendingOrderRefunded,
  recordPaymentEvent,
  saveStripeOrder,
} from './repo';
import { stripeFor } from './stripe-client';
import { linkWithSecret } from '../../../shared/link-secrets';

/** Five minutes, as Stripe's own libraries default to (docs/product.md#card-payments). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
export const PAYMENTS_NOT_CONFIGURED = 'Card payments are not configured on this server.';
export const MISSING_SIGNATURE = 'Missing Stripe-Signature header.';
export const BAD_SIGNATURE =
  'The Stripe-Signature header does not match this payload, or its timestamp is more than 5 minutes old.';

/** The Stripe settings, or 404 `{message}` when the seller has not set card payments up. */
export function requireStripe(deps: AppDeps) {
  const stripe = deps.config.payments.stripe;
  if (!stripe) throw new AppError('NOT_FOUND', PAYMENTS_NOT_CONFIGURED);
  return stripe;
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value == null) return null;
  return typeof value === 'string' ? value : value.id;
}

export const CHECKOUT_UNAVAILABLE =
  'The payment page could not be opened just now. Please try again in a moment; nothing was charged.';
export const SESSION_NOT_FOUND = 'This payment session was not found. Please start again from the course page.';

/** Who starts a checkout: a signed-in couple's account is named on the session (decision 0155). */
export type CheckoutStarter = { kind: 'couple'; accountId: number } | { kind: 'other' };

/** What one Checkout Session sells: the course, at `amount` (the price, or the coupon's price). */
interface CheckoutPlan {
  email: string;
  amount: number;
  metadata: Record<string, string>;
  /** The language of the page the buyer paid from: Stripe's own page follows it. */
  locale: Locale;
  clientReferenceId?: string;
  cancelUrl: string;
  /** Seats of a seat pack (issue 38): `amount` is then the price of one seat. Default 1. */
  quantity?: number;
  productName?: string;
  /** Where Stripe sends the buyer back; default the /success page through /api/payments/return. */
  successUrl?: string;
}

/**
 * A Checkout Session in payment mode for the server-computed amount (price_data: decision 0240),
 * open for CHECKOUT_SESSION_MINUTES (its checkout.session.expired event releases a coupon's use).
 */
async function createCheckoutSession(deps: AppDeps, plan: CheckoutPlan): Promise<string> {
  const settings = requireStripe(deps);
  const { publicUrl, payments } = deps.config;
  const stripe = await stripeFor(settings);
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create({
      mode: 'payment',
      customer_email: plan.email,
      line_items: [
        {
          quantity: plan.quantity ?? 1,
          price_data: {
            currency: payments.currency,
            unit_amount: plan.amount,
            product_data: { name: plan.productName ?? WORKBOOK_TITLE },
          },
        },
      ],
      // The page's language also goes in metadata, so the account the payment creates gets it.
      metadata: { ...plan.metadata, locale: plan.locale },
      locale: plan.locale,
      ...(plan.clientReferenceId !== undefined && { client_reference_id: plan.clientReferenceId }),
      // One minute over Stripe's shortest life, so the clocks' difference never makes it too short.
      expires_at: Math.floor(Date.now() / 1000) + (CHECKOUT_SESSION_MINUTES + 1) * 60,
      success_url: plan.successUrl ?? `${publicUrl}/api/payments/return?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: plan.cancelUrl,
    });
  } catch (error) {
    // A wrong key, Stripe down, or a network failure: the buyer may try again; nothing was charged.
    throw new AppError('SERVICE_UNAVAILABLE', CHECKOUT_UNAVAILABLE, undefined, error);
  }
  if (!session.url) throw new AppError('SERVICE_UNAVAILABLE', CHECKOUT_UNAVAILABLE);
  return session.url;
}

/**
 * Opens the Checkout Session for a reserved coupon use; when Stripe fails, the use goes back at
 * once (nothing was charged) before the 503 reaches the buyer.
 */
async function checkoutHoldingUse(deps: AppDeps, plan: CheckoutPlan, use: ReservedUse | undefined): Promise<string> {
  try {
    return await createCheckoutSession(deps, plan);
  } catch (error) {
    if (use) await releaseCouponUse(deps.db, use.useId);
    throw error;
  }
}

/**
 * payments.startCheckout (docs/product.md#card-payments): a Checkout Session for the price, or the
 * price after the buyer's coupon (computed here; one use of the code reserved for this checkout),
 * with the buyer's email, the names in metadata, a signed-in couple's account as
 * client_reference_id, and success and cancel URLs on PUBLIC_URL (cancel comes back to /checkout
 * with the form filled). Returns the hosted page's URL. A coupon that makes the price 0 completes
 * the order here, without Stripe, and returns its /success page. The page's language goes to
 * Stripe and in metadata, so the account the payment creates gets it.
 */
export async function startCheckout(
  deps: AppDeps,
  starter: CheckoutStarter,
  rawInput: StartCheckoutInput,
  /** The language of the page the buyer paid from: Stripe's page, and the new account, use it. */
  locale: Locale = DEFAULT_LOCALE,
  /** Who asks: a typed coupon code is looked up within this address's budget (withinCouponBudget). */
  clientAddress = 'unknown',
): Promise<CheckoutStarted> {
  const parsed = startCheckoutSchema.safeParse(rawInput);
  if (!parsed.success) throw new AppError('BAD_REQUEST', describeZodError(parsed.error));
  const input = parsed.data;
  if (!input.couponCode) requireStripe(deps);
  const { publicUrl } = deps.config;
  const order = { email: input.email, firstName: input.firstName, lastName: input.lastName };
  const reference = starter.kind === 'couple' ? String(starter.accountId) : null;

  if (input.couponCode) {
    const code = input.couponCode;
    const free = await withinCouponBudget(deps, clientAddress, () =>
      deps.db.transaction().execute(async (trx) => {
        const use = await reserveCouponUse(trx, deps, code, input.email);
        if (use.amount > 0) return { use, orderId: null, codeNote: null };
        refuseDemoEmail(deps, input.email);
        const orderId = generateOrderId();
        const fulfilled = await fulfilPaidOrder(trx, deps, { ...order, id: orderId, amount: 0 }, 'coupon', {
          reference,
          giftId: undefined,
          couponUseId: use.useId,
          locale,
        });
        return { use, orderId, codeNote: fulfilled.codeNote };
      }),
    );
    if (free.orderId) {
      // An account that had the email keeps its code (decision 0316): /success says so, not "the code we sent".
      return { url: `${publicUrl}${successPath(free.orderId, free.codeNote)}` };
    }
    const back = new URLSearchParams({ ...order, couponCode: code });
    const url = await checkoutHoldingUse(
      deps,
      {
        email: input.email,
        amount: free.use.amount,
        metadata: { firstName: input.firstName, lastName: input.lastName, couponUse: String(free.use.useId) },
        locale,
        ...(reference !== null && { clientReferenceId: reference }),
        cancelUrl: `${publicUrl}/checkout?${back.toString()}`,
      },
      free.use,
    );
    return { url };
  }

  const back = new URLSearchParams(order);
  const url = await createCheckoutSession(deps, {
    email: input.email,
    amount: deps.config.payments.priceCents,
    metadata: { firstName: input.firstName, lastName: input.lastName },
    locale,
    ...(reference !== null && { clientReferenceId: reference }),
    cancelUrl: `${publicUrl}/checkout?${back.toString()}`,
  });
  return { url };
}

/**
 * A facilitator buys a seat pack (issue 38, decision 0263): a pending pack of `seats` for one of
 * their cohorts, and a Checkout Session with the seats as the quantity, each at the course price
 * (PRICE_CENTS). The webhook activates the pack when exactly seats x price was paid.
 */
export async function startSeatPackCheckout(
  deps: AppDeps,
  facilitator: FacilitatorAuth,
  input: { cohortId: number; seats: number },
): Promise<CheckoutStarted> {
  requireStripe(deps);
  const pending = await createPendingPack(deps, facilitator, input);
  const { publicUrl } = deps.config;
  const url = await createCheckoutSession(deps, {
    email: pending.email,
    amount: deps.config.payments.priceCents,
    quantity: input.seats,
    productName: `${WORKBOOK_TITLE} (seat)`,
    metadata: { seatPackId: String(pending.packId) },
    locale: pending.locale,
    cancelUrl: `${publicUrl}/facilitator?pack=cancelled`,
    // The area says what became of this pack: received, still being confirmed, or failed (decision 0351).
    successUrl: `${publicUrl}/facilitator?pack=${pending.packId}`,
  });
  return { url };
}

/**
 * The back office's refund of a seat pack (decision 0264): a pack paid through Stripe is refunded
 * at Stripe first (nothing changes here when Stripe refuses), then the pack's refund rule applies:
 * redeemed couples keep their access unless the seller chose `revokeAccess`.
 */
export async function refundSeatPackThroughProvider(
  deps: AppDeps,
  admin: AdminAuth,
  input: { packId: number; revokeAccess: boolean },
  address: string | null,
) {
  const pack = await refundablePack(deps.db, input.packId);
  if (pack.channel === 'stripe' && pack.orderId) {
    const settings = deps.config.payments.stripe;
    if (!settings) throw new AppError('SERVICE_UNAVAILABLE', `${STRIPE_REFUND_FAILED} (${PAYMENTS_NOT_CONFIGURED})`);
    const stripe = await stripeFor(settings);
    try {
      await stripe.refunds.create({ payment_intent: pack.orderId }, { idempotencyKey: `refund-${pack.orderId}` });
    } catch (error) {
      if ((error as { code?: string }).code !== 'charge_already_refunded') {
        throw new AppError('SERVICE_UNAVAILABLE', STRIPE_REFUND_FAILED, undefined, error);
      }
    }
  }
  return refundPackAsAdmin(deps, admin, input, address);
}

/**
 * A paid seat pack's Checkout Session: the pending pack becomes active when the amount is exactly
 * its seats at the price, and its receipt goes to the facilitator (decision 0351); otherwise (or
 * refunded first) it stays pending, for the seller to check.
 */
async function completeSeatPack(
  trx: DB,
  deps: AppDeps,
  session: Stripe.Checkout.Session,
  packId: number,
  orderId: string,
): Promise<void> {
  const seats = await pendingPackSeats(trx, packId);
  if (seats === undefined) return; // unknown, or active already (a second event for one payment)
  if (await hasRefundEvent(trx, orderId)) return;
  if (priceMismatch(deps, session, seats * deps.config.payments.priceCents)) {
    // Held for the seller's check: the facilitator's list shows it as being confirmed (decision 0366).
    await holdPackForPayment(trx, packId, orderId);
    return;
  }
  await completePackPurchase(trx, deps, packId, {
    orderId,
    amount: session.amount_total ?? 0,
    currency: (session.currency ?? deps.config.payments.currency).toLowerCase(),
    seatPrice: deps.config.payments.priceCents,
  });
}

export const DEMO_EMAIL_RESERVED = 'This email is reserved for the demo account; please use your own email.';

function refuseDemoEmail(deps: AppDeps, email: string): void {
  if (deps.config.demoEmail !== '' && email === deps.config.demoEmail)
    throw new AppError('CONFLICT', DEMO_EMAIL_RESERVED);
}

/**
 * gifts.startCheckout (decision 0242): the gift is written unpaid, then paid for as any checkout
 * (a coupon applies the same way); the buyer comes back to the gift's receipt page. The buyer's
 * session never names an account: nobody's access changes until the couple redeems the gift.
 */
export async function startGiftCheckout(
  deps: AppDeps,
  rawInput: StartGiftCheckoutInput,
  /** Who asks: a typed coupon code is looked up within this address's budget (withinCouponBudget). */
  clientAddress = 'unknown',
): Promise<CheckoutStarted> {
  const parsed = startGiftCheckoutSchema.safeParse(rawInput);
  if (!parsed.success) throw new AppError('BAD_REQUEST', describeZodError(parsed.error));
  const input = parsed.data;
  if (!input.couponCode) requireStripe(deps);
  const { publicUrl, payments } = deps.config;
  const prepare = () =>
    deps.db.transaction().execute(async (trx) => {
      const gift = await createPendingGift(trx, input);
      const use = input.couponCode ? await reserveCouponUse(trx, deps, input.couponCode, input.buyerEmail) : undefined;
      const amount = use ? use.amount : payments.priceCents;
      if (amount > 0) return { gift, use, amount, free: false };
      refuseDemoEmail(deps, input.buyerEmail);
      const orderId = generateOrderId();
      const order = { id: orderId, email: input.buyerEmail, firstName: input.buyerName, lastName: '', amount: 0 };
      await fulfilPaidOrder(trx, deps, order, 'coupon', {
        reference: null,
        giftId: gift.giftId,
        couponUseId: use?.useId,
      });
      return { gift, use, amount, free: true };
    });
  const prepared = input.couponCode ? await withinCouponBudget(deps, clientAddress, prepare) : await prepare();
  const receipt = linkWithSecret(publicUrl, '/gift/sent', 'token', prepared.gift.buyerToken);
  if (prepared.free) return { url: receipt };
  const url = await checkoutHoldingUse(
    deps,
    {
      email: input.buyerEmail,
      amount: prepared.amount,
      metadata: {
        firstName: input.buyerName,
        lastName: '',
        giftId: String(prepared.gift.giftId),
        ...(prepared.use && { couponUse: String(prepared.use.useId) }),
      },
      locale: input.locale,
      cancelUrl: `${publicUrl}/gift`,
    },
    prepared.use,
  );
  return { url };
}

/**
 * GET /api/payments/return (docs/product.md#card-payments): the Checkout Session Stripe sent the
 * buyer back with, resolved on the server to its order id (the PaymentIntent id). Until the
 * webhook confirms the payment a pending order stands in, so /success can say the payment is
 * being processed. 404 for a session Stripe does not know or one that was never paid for.
 */
export async function resolveCheckoutReturn(
  deps: AppDeps,
  sessionId: string,
): Promise<{ paymentIntentId: string; giftToken: string | null; codeNote: SuccessCodeNote | null }> {
  const settings = requireStripe(deps);
  const stripe = await stripeFor(settings);
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) throw new AppError('NOT_FOUND', SESSION_NOT_FOUND);
    throw new AppError('SERVICE_UNAVAILABLE', CHECKOUT_UNAVAILABLE, undefined, error);
  }
  const paymentIntentId = idOf(session.payment_intent);
  if (!paymentIntentId) throw new AppError('NOT_FOUND', SESSION_NOT_FOUND);
  // A seat pack's session returns to the facilitator's area, never here: it is no course order,
  // and a pending order standing in for it would hide the pack from Stripe's refund (refundCharge).
  if (metadataId(session.metadata?.seatPackId) !== undefined) throw new AppError('NOT_FOUND', SESSION_NOT_FOUND);
  const email = (session.customer_details?.email ?? session.customer_email ?? '').trim().toLowerCase();
  // Paid (or paying by a delayed method): the coupon's use is held for this order from now on,
  // so a webhook event that comes late does not find it released (decision 0315).
  const couponUseId = metadataId(session.metadata?.couponUse);
  if (couponUseId !== undefined && session.status === 'complete') {
    await holdCouponUseForOrder(deps.db, couponUseId, paymentIntentId);
  }
  await insertPendingOrderIfAbsent(deps.db, {
    id: paymentIntentId,
    coupleId: null,
    amount: session.amount_total ?? deps.config.payments.priceCents,
    currency: (session.currency ?? deps.config.payments.currency).toLowerCase(),
    firstName: (session.metadata?.firstName ?? '').trim(),
    lastName: (session.metadata?.lastName ?? '').trim(),
    email,
  });
  // The buyer is back after Stripe reported the payment failed (a reload of the return link):
  // the order stands in as failed, not as a payment still being processed (decision 0323).
  if (await hasPaymentFailedEvent(deps.db, paymentIntentId)) {
    await markPendingOrderPaymentFailed(deps.db, paymentIntentId);
  }
  const giftId = metadataId(session.metadata?.giftId);
  const giftToken = giftId === undefined ? null : ((await buyerTokenOf(deps.db, giftId)) ?? null);
  // Started signed in, paid with the account's own email: the webhook upgrades that account as it
  // is and sends no code (decision 0155), so /success must not speak of "the code we sent" (0326).
  const upgradesSignedIn =
    giftId === undefined && (await signedInStarter(deps.db, session.client_reference_id, email)) !== undefined;
  return { paymentIntentId, giftToken, codeNote: upgradesSignedIn ? 'signed-in' : null };
}

/** A row id the server itself put in a session's metadata; undefined when absent or not an id. */
function metadataId(value: string | undefined): number | undefined {
  return value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}

/** The payment intent an event is about (the order id), when it names one. */
function paymentIntentOf(event: Stripe.Event): string | null {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
      return idOf(event.data.object.payment_intent);
    case 'charge.refunded':
      return idOf(event.data.object.payment_intent);
    default:
      return null;
  }
}

/**
 * POST /api/payments/webhook (docs/product.md#card-payments): verifies the Stripe-Signature header
 * over the raw body (400 and no change when missing, wrong or older than 5 minutes), then
 * processes the event once: its id is recorded in the same transaction as its effects, so a
 * replayed event finds it and changes nothing.
 */
export async function handleStripeWebhook(
  deps: AppDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true }> {
  const settings = requireStripe(deps);
  if (!signature) throw new AppError('BAD_REQUEST', MISSING_SIGNATURE);
  const stripe = await stripeFor(settings);
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    throw new AppError('BAD_REQUEST', BAD_SIGNATURE);
  }
  const paidAfterFailure = await paidAfterReportedFailure(deps, stripe, event);
  await deps.db.transaction().execute(async (trx) => {
    const fresh = await recordPaymentEvent(trx, {
      id: event.id,
      type: event.type,
      paymentIntent: paymentIntentOf(event),
    });
    if (!fresh) return;
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') {
          await completeSession(trx, deps, session, paidAfterFailure);
        } else {
          // A delayed payment method (a bank debit): days may pass before it succeeds or fails.
          await holdUseForPayment(trx, session);
        }
        return;
      }
      case 'checkout.session.async_payment_succeeded':
        await completeSession(trx, deps, event.data.object, paidAfterFailure);
        return;
      case 'checkout.session.async_payment_failed': {
        // The delayed payment failed: the coupon use it held goes back (decision 0315), and the
        // order the buyer came back to ends as failed, not pending for ever (decision 0323).
        const useId = metadataId(event.data.object.metadata?.couponUse);
        if (useId !== undefined) await releaseCouponUse(trx, useId);
        const orderId = idOf(event.data.object.payment_intent);
        if (!orderId) return;
        await markPendingOrderPaymentFailed(trx, orderId);
        // A seat pack or a gift it was for ends as failed too, as the order does (decision 0352).
        const seatPackId = metadataId(event.data.object.metadata?.seatPackId);
        if (seatPackId !== undefined) await markPackPaymentFailed(trx, seatPackId, orderId);
        const giftId = metadataId(event.data.object.metadata?.giftId);
        if (giftId !== undefined) await markGiftPaymentFailed(trx, giftId, orderId);
        // The buyer and the seller are told once per payment: a replayed event stopped above, and
        // another event about the same failure, even one processed at the same instant, finds
        // this payment claimed (decisions 0350, 0365).
        if (await claimPaymentFailureNotice(trx, orderId)) {
          await tellPaymentFailed(trx, deps, event.data.object, orderId);
        }
        return;
      }
      case 'charge.refunded':
        if (event.data.object.refunded === true) await refundCharge(trx, event.data.object);
        return;
      case 'checkout.session.expired': {
        // Never paid: the coupon use it held goes back (decision 0240).
        const useId = metadataId(event.data.object.metadata?.couponUse);
        if (useId !== undefined) await releaseCouponUse(trx, useId);
        return;
      }
      default:
        return; // Other event types: answered 200 and ignored.
    }
  });
  return { received: true };
}

export const STRIPE_NOT_REACHED =
  'Stripe could not be asked about this payment just now; it will be processed when Stripe sends the event again.';

/**
 * Stripe's word on a payment it reported failed (decision 0323): for an event that would complete
 * an order whose delayed payment Stripe reported failed, the session is read back from Stripe,
 * as Stripe's fulfilment guide advises, and only a session Stripe now calls paid completes it;
 * false for every other event (no call), and for a session Stripe does not know. Stripe out of
 * reach: 503, and Stripe sends the event again later (nothing was recorded).
 */
async function paidAfterReportedFailure(deps: AppDeps, stripe: Stripe, event: Stripe.Event): Promise<boolean> {
  if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded') {
    return false;
  }
  const orderId = idOf(event.data.object.payment_intent);
  if (!orderId || !(await hasPaymentFailedEvent(deps.db, orderId))) return false;
  let current: Stripe.Checkout.Session;
  try {
    current = await stripe.checkout.sessions.retrieve(event.data.object.id);
  } catch (error) {
    // A session Stripe does not know was never paid; anything else may be asked again later.
    if ((error as { statusCode?: number }).statusCode === 404) return false;
    throw new AppError('SERVICE_UNAVAILABLE', STRIPE_NOT_REACHED, undefined, error);
  }
  return current.payment_status === 'paid' && idOf(current.payment_intent) === orderId;
}

/**
 * A delayed payment that failed (decision 0350): its buyer gets an email that it did not go
 * through, that nothing was charged or given, and a link to pay again (the course's /checkout with
 * their details, the gift form, or the facilitator's area), in the checkout's language; the seller
 * gets a notice. Nothing when what it paid for is paid (or refunded) already: it did not fail.
 */
async function tellPaymentFailed(
  trx: DB,
  deps: AppDeps,
  session: Stripe.Checkout.Session,
  orderId: string,
): Promise<void> {
  const order = await findPaymentOrder(trx, orderId);
  if (order && order.status !== 'pending') return;
  const { publicUrl } = deps.config;
  const paid = {
    amount: session.amount_total ?? 0,
    currency: (session.currency ?? deps.config.payments.currency).toLowerCase(),
  };
  const checkoutLocale = isLocale(session.metadata?.locale) ? session.metadata.locale : undefined;
  const seatPackId = metadataId(session.metadata?.seatPackId);
  const giftId = metadataId(session.metadata?.giftId);
  let buyer: {
    /** The name the email greets (a course buyer's first name). */
    greet: string;
    name: string;
    email: string;
    locale: Locale;
    purchase: FailedPurchase;
    payAgainUrl: string;
  };
  if (seatPackId !== undefined) {
    const pack = await pendingPackBuyer(trx, seatPackId);
    if (!pack) return;
    buyer = {
      greet: pack.name,
      name: pack.name,
      email: pack.email,
      locale: checkoutLocale ?? pack.locale,
      purchase: { kind: 'seats', seats: pack.seats },
      payAgainUrl: `${publicUrl}/facilitator`,
    };
  } else if (giftId !== undefined) {
    const gift = await unpaidGift(trx, giftId);
    if (!gift) return;
    const locale = checkoutLocale ?? gift.locale;
    buyer = {
      greet: gift.buyerName,
      name: gift.buyerName,
      email: gift.buyerEmail,
      locale,
      purchase: { kind: 'gift', coupleNames: gift.coupleNames },
      payAgainUrl: `${publicUrl}${localizedPath('/gift', locale)}`,
    };
  } else {
    const email = (session.customer_details?.email ?? session.customer_email ?? '').trim().toLowerCase();
    const firstName = (session.metadata?.firstName ?? '').trim();
    const lastName = (session.metadata?.lastName ?? '').trim();
    const locale = checkoutLocale ?? (await recipientLocale(trx, { email }));
    // The pricing form's next step with the buyer's details, as /success's "pay again" (decision 0323).
    const payAgainUrl =
      email && firstName && lastName
        ? `${publicUrl}${localizedPath('/checkout', locale)}?${new URLSearchParams({ email, firstName, lastName })}`
        : `${publicUrl}${localizedPath('/', locale)}#pricing`;
    const name = `${firstName} ${lastName}`.trim();
    buyer = { greet: firstName, name, email, locale, purchase: { kind: 'course' }, payAgainUrl };
  }
  if (buyer.email) {
    await queuePaymentFailed(trx, deps, {
      to: buyer.email,
      firstName: buyer.greet,
      ...paid,
      purchase: buyer.purchase,
      payAgainUrl: buyer.payAgainUrl,
      locale: buyer.locale,
    });
  }
  await queuePaymentFailedNotice(trx, deps, {
    id: orderId,
    purchase: buyer.purchase,
    ...paid,
    name: buyer.name,
    email: buyer.email,
  });
}

/** A session completed with its payment still under way: its coupon use is held for the order until it settles, and a seat pack names the payment. */
async function holdUseForPayment(trx: DB, session: Stripe.Checkout.Session): Promise<void> {
  const orderId = idOf(session.payment_intent);
  const useId = metadataId(session.metadata?.couponUse);
  if (orderId && useId !== undefined) await holdCouponUseForOrder(trx, useId, orderId);
  // A seat pack or a gift paid this way names its payment: the facilitator's list and the back
  // office's Gifts page say it is being confirmed (decision 0366).
  const seatPackId = metadataId(session.metadata?.seatPackId);
  if (orderId && seatPackId !== undefined) await holdPackForPayment(trx, seatPackId, orderId);
  const giftId = metadataId(session.metadata?.giftId);
  if (orderId && giftId !== undefined) await holdGiftForPayment(trx, giftId, orderId);
}

/**
 * Why a paid amount is not honoured; null when it is exactly what this checkout was to charge: the
 * price, or the amount its reserved coupon use recorded (decision 0240).
 */
function priceMismatch(deps: AppDeps, session: Stripe.Checkout.Session, expectedCents: number): string | null {
  const { currency } = deps.config.payments;
  const paidCurrency = (session.currency ?? '').toLowerCase();
  if (session.amount_total !== expectedCents || paidCurrency !== currency) {
    return `Paid ${session.amount_total ?? 'no amount'} ${paidCurrency || '(no currency)'}, not the price ${expectedCents} ${currency}: check the payment in Stripe, then mark the order paid or refund it.`;
  }
  return null;
}

/**
 * A paid Checkout Session: the order (its payment intent's id) becomes completed as any completed
 * order (docs/product.md#orders): full access and the personal code by email; for a gift, the
 * gift is paid and its emails queued instead (decision 0242). Nothing when the order is completed
 * or refunded already (a second event for one payment). Stored `pending` with a flag and no
 * access when the amount is not what this checkout was to charge or the buyer cannot get access;
 * stored `refunded` with no access when the refund arrived first. Nothing either when Stripe
 * reported the payment failed, unless Stripe, asked since, says the session is paid
 * (`paidAfterFailure`, decision 0323).
 */
async function completeSession(
  trx: DB,
  deps: AppDeps,
  session: Stripe.Checkout.Session,
  paidAfterFailure: boolean,
): Promise<void> {
  const orderId = idOf(session.payment_intent);
  const email = (session.customer_details?.email ?? session.customer_email ?? '').trim().toLowerCase();
  if (!orderId || !email) return; // Nothing names the order or the buyer: nothing can be fulfilled.
  if (!paidAfterFailure && (await hasPaymentFailedEvent(trx, orderId))) return;
  const seatPackId = metadataId(session.metadata?.seatPackId);
  if (seatPackId !== undefined) {
    await completeSeatPack(trx, deps, session, seatPackId, orderId);
    return;
  }
  const existing = await findPaymentOrder(trx, orderId);
  if (existing && existing.status !== 'pending') return;

  const order = {
    id: orderId,
    coupleId: existing?.coupleId ?? null,
    amount: session.amount_total ?? 0,
    currency: (session.currency ?? deps.config.payments.currency).toLowerCase(),
    firstName: (session.metadata?.firstName ?? '').trim(),
    lastName: (session.metadata?.lastName ?? '').trim(),
    email,
  };

  if (await hasRefundEvent(trx, orderId)) {
    await saveStripeOrder(trx, { ...order, status: 'refunded', flag: null });
    return;
  }
  const couponUseId = metadataId(session.metadata?.couponUse);
  const giftId = metadataId(session.metadata?.giftId);
  const reserved = couponUseId === undefined ? undefined : await reservedAmount(trx, couponUseId);
  let flag = priceMismatch(deps, session, reserved ?? deps.config.payments.priceCents);
  // A gift's buyer gets no access, so only a purchase for oneself can run into the demo's email.
  if (!flag && giftId === undefined && deps.config.demoEmail !== '' && email === deps.config.demoEmail) {
    flag = `The email ${email} is reserved for the demo account (DEMO_EMAIL): refund the payment.`;
  }
  if (flag) {
    await saveStripeOrder(trx, { ...order, status: 'pending', flag });
    // The seller checks it first; the Orders page then shows whose gift it is, and Mark paid pays the gift.
    if (giftId !== undefined) await holdGiftForFlaggedOrder(trx, giftId, orderId);
    if (couponUseId !== undefined) await holdCouponUseForOrder(trx, couponUseId, orderId);
    await queueOrderNotice(trx, deps, { ...order, status: 'pending' });
    return;
  }
  await fulfilPaidOrder(trx, deps, order, 'stripe', {
    reference: session.client_reference_id,
    giftId,
    couponUseId: reserved === undefined ? undefined : couponUseId,
    locale: isLocale(session.metadata?.locale) ? session.metadata.locale : undefined,
  });
}

/**
 * An order whose payment is honoured (the webhook's, or a 100 % coupon's): a gift is marked paid
 * (no account changes); otherwise the couple that started checkout signed in is upgraded as it
 * is (decision 0155), or the buyer's email gets full access and a code; the coupon's use counts
 * as used; the order is stored completed and the seller notified. A buyer who cannot get access
 * (an administrator's email) leaves the order pending with the reason, for the seller.
 */
async function fulfilPaidOrder(
  trx: DB,
  deps: AppDeps,
  order: { id: string; amount: number; email: string; firstName: string; lastName: string; currency?: string },
  provider: 'stripe' | 'coupon',
  links: {
    reference: string | null;
    giftId: number | undefined;
    couponUseId: number | undefined;
    /** The buyer's page language: a new account gets it (decision 0231). */
    locale?: Locale;
  },
): Promise<{ codeNote: SuccessCodeNote | null }> {
  const full = { ...order, currency: order.currency ?? deps.config.payments.currency, coupleId: null, provider };
  let coupleId: number | null = null;
  // What /success says: no new code went to the email when the couple keeps the one it has.
  let codeNote: SuccessCodeNote | null = null;
  if (links.giftId !== undefined) {
    const paid = await completeGiftPurchase(trx, deps, links.giftId, {
      orderId: order.id,
      amount: order.amount,
      currency: full.currency,
    });
    if (!paid) {
      const flag = 'Paid for a gift this server does not know, or one paid already: check the payment in Stripe.';
      await saveStripeOrder(trx, { ...full, status: 'pending', flag });
      await queueOrderNotice(trx, deps, { ...full, status: 'pending' });
      return { codeNote };
    }
  } else {
    const starter = await signedInStarter(trx, links.reference, order.email);
    if (starter) {
      await grantFullAccessToCouple(trx, starter.coupleId);
      coupleId = starter.coupleId;
      codeNote = 'signed-in';
    } else {
      try {
        // Nothing paid (a 100 % coupon): an existing account keeps its code and sessions (decision 0316).
        if (provider === 'coupon') {
          const fulfilled = await fulfilFreeOrder(trx, deps, order.email, order.firstName, links.locale);
          coupleId = fulfilled.coupleId;
          if (fulfilled.upgraded) codeNote = 'kept';
        } else {
          coupleId = (await fulfilCompletedOrder(trx, deps, order.email, undefined, order.firstName, links.locale))
            .coupleId;
        }
      } catch (error) {
        // Refused before it changed anything (the email is an administrator's): kept for the seller.
        if (!(error instanceof AppError)) throw error;
        if (provider === 'coupon') throw error; // nothing was paid: the buyer is told at once
        await saveStripeOrder(trx, { ...full, status: 'pending', flag: error.message });
        await queueOrderNotice(trx, deps, { ...full, status: 'pending' });
        return { codeNote };
      }
    }
  }
  if (links.couponUseId !== undefined) await markCouponUseUsed(trx, links.couponUseId, order.id);
  await saveStripeOrder(trx, { ...full, coupleId, status: 'completed', flag: null });
  await queueOrderNotice(trx, deps, { ...full, status: 'completed' });
  return { codeNote };
}

/** The couple account named by client_reference_id, when its email is the buyer's. */
async function signedInStarter(trx: DB, reference: string | null, email: string) {
  if (!reference || !/^\d{1,15}$/.test(reference)) return undefined;
  const account = await findCoupleAccountById(trx, Number(reference));
  return account && account.email === email ? account : undefined;
}

/**
 * A fully refunded charge: the refund rule for its order (docs/product.md#orders), if the order
 * exists. A refund made in Stripe's dashboard reaches the seller only this way: one that changed a
 * completed order adds a system line to the audit log naming the order, whether the couple went
 * back to the trial, and the certificates it revoked (decision 0343); one that ended an active seat
 * pack adds one naming the pack and the unused seats it ended (decision 0359). The back office's
 * own refund finds the order or pack refunded already and adds nothing here (its admin line says it).
 */
async function refundCharge(trx: DB, charge: Stripe.Charge): Promise<void> {
  const orderId = idOf(charge.payment_intent);
  if (!orderId) return;
  // A seat pack's payment refunded in Stripe's dashboard: the pack's rule, redeemed seats kept,
  // whatever order row may carry the same payment intent; the seller reads it in the audit log, as
  // an order's (decision 0359).
  const pack = await refundPackOfPayment(trx, orderId);
  if (pack) {
    await recordSystemAction(trx, 'seat-pack.refund-in-stripe', { target: stripePackRefundTarget(orderId, pack) });
    return;
  }
  const order = await findPaymentOrder(trx, orderId);
  // Otherwise remembered in payment_events: a payment arriving later is stored refunded.
  if (!order) return;
  if (order.status === 'pending') {
    await markPendingOrderRefunded(trx, orderId);
    // Never honoured: the coupon use it held (a flagged payment's) goes back (decision 0315).
    await releaseHeldCouponUse(trx, orderId);
  } else {
    await refundOrder(trx, orderId, {
      inTransaction: (db, result) =>
        recordSystemAction(db, 'order.refund-in-stripe', { target: stripeRefundTarget(result) }),
    });
  }
}

/** The audit line's record for a refund made in Stripe: `order pi_...; couple 12 back to the trial; certificates revoked: FL-... (FL)`. */
export function stripeRefundTarget(result: RefundResult): string {
  const parts = [`order ${result.orderId}`];
  if (result.accessDropped) parts.push(`couple ${result.coupleId} back to the trial`);
  if (result.giftVoided) parts.push('its unopened gift void');
  if (result.revokedCertificates.length > 0) {
    parts.push(`certificates revoked: ${result.revokedCertificates.join(', ')}`);
  }
  return parts.join('; ');
}

/** The audit line's record for a seat pack refunded in Stripe: `seat pack 7 (order pi_...); unused seats ended: 2 of 3`. */
export function stripePackRefundTarget(orderId: string, pack: PackRefundedInStripe): string {
  return `seat pack ${pack.packId} (order ${orderId}); unused seats ended: ${pack.unusedSeatsEnded} of ${pack.seats}`;
}

export const STRIPE_REFUND_FAILED =
  'Stripe did not refund this payment, so nothing changed here. Please try again, or refund it in the Stripe dashboard first.';

/**
 * The back office's refund (docs/product.md#card-payments): an order paid through Stripe is
 * refunded at Stripe first (a payment Stripe reports refunded already counts as done), then the
 * refund rule applies as for any order; when Stripe refuses, nothing changes here (503). Orders
 * recorded by hand go straight to the refund rule. Stripe's charge.refunded event that follows
 * finds the order refunded and changes nothing.
 */
export async function refundOrderAsAdminThroughProvider(
  deps: AppDeps,
  actor: AdminActor,
  orderId: string,
): Promise<RefundResult> {
  const order = await findPaymentOrder(deps.db, orderId);
  const settings = deps.config.payments.stripe;
  if (order?.provider === 'stripe' && order.status === 'completed') {
    if (!settings) throw new AppError('SERVICE_UNAVAILABLE', `${STRIPE_REFUND_FAILED} (${PAYMENTS_NOT_CONFIGURED})`);
    const stripe = await stripeFor(settings);
    try {
      await stripe.refunds.create({ payment_intent: orderId }, { idempotencyKey: `refund-${orderId}` });
    } catch (error) {
      if ((error as { code?: string }).code !== 'charge_already_refunded') {
        throw new AppError('SERVICE_UNAVAILABLE', STRIPE_REFUND_FAILED, undefined, error);
      }
    }
  }
  return refundOrderAsAdmin(deps, actor, orderId);
}

/**
 * What a signed-in couple's "Get the full course" fills in on the pricing form
 * (docs/product.md#card-payments): the sign-in's own email (null for a username sign-in) and the
 * couple's first name (empty before onboarding). Only to the couple itself.
 */
export async function buyerDetails(
  deps: AppDeps,
  accountId: number,
): Promise<{ email: string | null; firstName: string }> {
  const row = await findBuyerDetails(deps.db, accountId);
  if (!row) throw new AppError('NOT_FOUND', 'Account not found.');
  return { email: row.email, firstName: row.firstName.trim() };
}
