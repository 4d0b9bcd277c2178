import type Stripe from 'stripe';
import { WORKBOOK_TITLE } from '../../../shared/constants';
import { AppError } from '../../../shared/errors';
import { startCheckoutSchema, type CheckoutStarted, type StartCheckoutInput } from '../../../shared/payments-schemas';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../shared/i18n/locales';
import { describeZodError } from '../../../shared/schemas';
import type { DB } from '../../db/client';
import type { AppDeps } from '../../deps/app-deps';
import { type AdminActor, type RefundResult, refundOrder, refundOrderAsAdmin } from '../orders/admin-service';
import { fulfilCompletedOrder } from '../orders/service';
import { queueOrderNotice } from '../mail/service';
import {
  findBuyerDetails,
  findCoupleAccountById,
  findPaymentOrder,
  grantFullAccessToCouple,
  hasRefundEvent,
  insertPendingOrderIfAbsent,
  markPendingOrderRefunded,
  recordPaymentEvent,
  saveStripeOrder,
} from './repo';
import { stripeFor } from './stripe-client';

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

/**
 * payments.startCheckout (docs/product.md#card-payments): a Checkout Session in payment mode for
 * the configured price, with the buyer's email, the names in metadata, a signed-in couple's
 * account as client_reference_id, and success and cancel URLs on PUBLIC_URL (cancel comes back
 * to /checkout with the form filled). Returns the hosted page's URL. The page's language goes in
 * metadata (and Stripe's own page follows it), so the account the payment creates gets it.
 */
export async function startCheckout(
  deps: AppDeps,
  starter: CheckoutStarter,
  rawInput: StartCheckoutInput,
  /** The language of the page the buyer paid from: Stripe's page, and the new account, use it. */
  locale: Locale = DEFAULT_LOCALE,
): Promise<CheckoutStarted> {
  const settings = requireStripe(deps);
  const parsed = startCheckoutSchema.safeParse(rawInput);
  if (!parsed.success) throw new AppError('BAD_REQUEST', describeZodError(parsed.error));
  const input = parsed.data;
  const { publicUrl, payments } = deps.config;
  const back = new URLSearchParams({ email: input.email, firstName: input.firstName, lastName: input.lastName });
  const stripe = await stripeFor(settings);
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create({
      mode: 'payment',
      customer_email: input.email,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: payments.currency,
            unit_amount: payments.priceCents,
            product_data: { name: WORKBOOK_TITLE },
          },
        },
      ],
      metadata: { firstName: input.firstName, lastName: input.lastName, locale },
      locale,
      ...(starter.kind === 'couple' && { client_reference_id: String(starter.accountId) }),
      success_url: `${publicUrl}/api/payments/return?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${publicUrl}/checkout?${back.toString()}`,
    });
  } catch (error) {
    // A wrong key, Stripe down, or a network failure: the buyer may try again; nothing was charged.
    throw new AppError('SERVICE_UNAVAILABLE', CHECKOUT_UNAVAILABLE, undefined, error);
  }
  if (!session.url) throw new AppError('SERVICE_UNAVAILABLE', CHECKOUT_UNAVAILABLE);
  return { url: session.url };
}

/**
 * GET /api/payments/return (docs/product.md#card-payments): the Checkout Session Stripe sent the
 * buyer back with, resolved on the server to its order id (the PaymentIntent id). Until the
 * webhook confirms the payment a pending order stands in, so /success can say the payment is
 * being processed. 404 for a session Stripe does not know or one that was never paid for.
 */
export async function resolveCheckoutReturn(deps: AppDeps, sessionId: string): Promise<{ paymentIntentId: string }> {
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
  const email = (session.customer_details?.email ?? session.customer_email ?? '').trim().toLowerCase();
  await insertPendingOrderIfAbsent(deps.db, {
    id: paymentIntentId,
    coupleId: null,
    amount: session.amount_total ?? deps.config.payments.priceCents,
    currency: (session.currency ?? deps.config.payments.currency).toLowerCase(),
    firstName: (session.metadata?.firstName ?? '').trim(),
    lastName: (session.metadata?.lastName ?? '').trim(),
    email,
  });
  return { paymentIntentId };
}

/** The payment intent an event is about (the order id), when it names one. */
function paymentIntentOf(event: Stripe.Event): string | null {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
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
          await completeSession(trx, deps, session);
        }
        return;
      }
      case 'checkout.session.async_payment_succeeded':
        await completeSession(trx, deps, event.data.object);
        return;
      case 'charge.refunded':
        if (event.data.object.refunded === true) await refundCharge(trx, event.data.object);
        return;
      default:
        return; // Other event types: answered 200 and ignored.
    }
  });
  return { received: true };
}

/** Why a paid amount is not honoured as the course's price; null when it is the price. */
function priceMismatch(deps: AppDeps, session: Stripe.Checkout.Session): string | null {
  const { priceCents, currency } = deps.config.payments;
  const paidCurrency = (session.currency ?? '').toLowerCase();
  if (session.amount_total !== priceCents || paidCurrency !== currency) {
    return `Paid ${session.amount_total ?? 'no amount'} ${paidCurrency || '(no currency)'}, not the price ${priceCents} ${currency}: check the payment in Stripe, then mark the order paid or refund it.`;
  }
  return null;
}

/**
 * A paid Checkout Session: the order (its payment intent's id) becomes completed as any completed
 * order (docs/product.md#orders): full access and the personal code by email. Nothing when the
 * order is completed or refunded already (a second event for one payment). Stored `pending` with
 * a flag and no access when the amount is not the price or the buyer cannot get access; stored
 * `refunded` with no access when the refund arrived first.
 */
async function completeSession(trx: DB, deps: AppDeps, session: Stripe.Checkout.Session): Promise<void> {
  const orderId = idOf(session.payment_intent);
  const email = (session.customer_details?.email ?? session.customer_email ?? '').trim().toLowerCase();
  if (!orderId || !email) return; // Nothing names the order or the buyer: nothing can be fulfilled.
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
  let flag = priceMismatch(deps, session);
  if (!flag && deps.config.demoEmail !== '' && email === deps.config.demoEmail) {
    flag = `The email ${email} is reserved for the demo account (DEMO_EMAIL): refund the payment.`;
  }
  if (flag) {
    await saveStripeOrder(trx, { ...order, status: 'pending', flag });
    await queueOrderNotice(trx, deps, { ...order, status: 'pending' });
    return;
  }

  let coupleId: number;
  const starter = await signedInStarter(trx, session.client_reference_id, email);
  if (starter) {
    // Decision 0155: the couple that started checkout signed in is upgraded as it is.
    await grantFullAccessToCouple(trx, starter.coupleId);
    coupleId = starter.coupleId;
  } else {
    try {
      const locale = session.metadata?.locale;
      coupleId = (
        await fulfilCompletedOrder(trx, deps, email, undefined, order.firstName, isLocale(locale) ? locale : undefined)
      ).coupleId;
    } catch (error) {
      // Refused before it changed anything (the email is an administrator's): kept for the seller.
      if (!(error instanceof AppError)) throw error;
      await saveStripeOrder(trx, { ...order, status: 'pending', flag: error.message });
      await queueOrderNotice(trx, deps, { ...order, status: 'pending' });
      return;
    }
  }
  await saveStripeOrder(trx, { ...order, coupleId, status: 'completed', flag: null });
  await queueOrderNotice(trx, deps, { ...order, status: 'completed' });
}

/** The couple account named by client_reference_id, when its email is the buyer's. */
async function signedInStarter(trx: DB, reference: string | null, email: string) {
  if (!reference || !/^\d{1,15}$/.test(reference)) return undefined;
  const account = await findCoupleAccountById(trx, Number(reference));
  return account && account.email === email ? account : undefined;
}

/** A fully refunded charge: the refund rule for its order (docs/product.md#orders), if the order exists. */
async function refundCharge(trx: DB, charge: Stripe.Charge): Promise<void> {
  const orderId = idOf(charge.payment_intent);
  if (!orderId) return;
  const order = await findPaymentOrder(trx, orderId);
  if (!order) return; // Remembered in payment_events: a payment arriving later is stored refunded.
  if (order.status === 'pending') await markPendingOrderRefunded(trx, orderId);
  else await refundOrder(trx, orderId);
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
