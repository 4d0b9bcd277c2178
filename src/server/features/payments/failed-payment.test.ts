import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, callerFor, createTestApp, type TestApp } from '../../test/harness';
import { completeUnpaid, signedEvent, startStripeDouble, type StripeDouble } from '../../test/stripe-double';
import { ORDER_PAYMENT_FAILED } from '../orders/admin-service';
import { STRIPE_NOT_REACHED } from './service';

/*
 * A delayed payment that fails (decision 0323). Before, Stripe's
 * checkout.session.async_payment_failed only gave a coupon's use back: the order the buyer came
 * back to stayed "pending" for ever, /success kept saying the payment was being processed, and the
 * seller's Orders list offered Mark paid. Now the order ends as failed (its status stays `pending`,
 * one of the contract's three), and a later event completes it only when Stripe, asked, says the
 * session is paid.
 */

const KEY = 'sk_test_failedpayment';
const SECRET = 'whsec_failedpaymenttest';

let double: StripeDouble;
let t: TestApp;
let admin: Awaited<ReturnType<typeof callerFor>>;
let sequence = 0;

beforeAll(async () => {
  double = await startStripeDouble({ secretKey: KEY, webhookSecret: SECRET });
  t = await createTestApp({
    STRIPE_SECRET_KEY: KEY,
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_API_BASE: double.url,
    PUBLIC_URL: 'https://vows.example',
    PRICE_CENTS: '4900',
    CURRENCY: 'usd',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as { port: number };
  double.webhookUrl = `http://127.0.0.1:${address.port}/api/payments/webhook`;
  admin = await callerFor(t, await adminCookie(t.deps));
});
afterAll(async () => {
  await t?.close();
  await double?.close();
});

function buyer() {
  sequence += 1;
  return { email: `debit${sequence}@example.com`, firstName: 'Ines', lastName: 'Moreau' };
}

/** A checkout the buyer pays by a bank debit: the session completes with its payment unpaid. */
async function payByDebit() {
  const caller = await callerFor(t);
  const { url } = await caller.payments.startCheckout(buyer());
  const session = completeUnpaid(double, url);
  expect((await double.sendEvent('checkout.session.completed', { ...session })).status).toBe(200);
  return session;
}

/** The buyer back from Stripe (the success URL): /success's order stands in until the payment settles. */
async function comeBack(sessionId: string) {
  const back = await t.app.inject({ method: 'GET', url: `/api/payments/return?session_id=${sessionId}` });
  expect(back.statusCode).toBe(303);
}

async function sendOutcome(session: ReturnType<typeof double.sessions.get> & {}, outcome: 'succeeded' | 'failed') {
  const object = { ...session, payment_status: outcome === 'succeeded' ? 'paid' : 'unpaid' };
  const answer = await double.sendEvent(`checkout.session.async_payment_${outcome}`, object);
  expect(answer.status).toBe(200);
}

async function page(orderId: string) {
  return (await callerFor(t)).orders.get({ paymentIntentId: orderId });
}

async function listed(orderId: string) {
  const { items } = await admin.adminOrders.list({ search: orderId });
  return items.find((item) => item.id === orderId)!;
}

async function accountOf(email: string) {
  return t.deps.db
    .selectFrom('accounts')
    .innerJoin('couples', 'couples.id', 'accounts.couple_id')
    .select('couples.access_level')
    .where('accounts.email', '=', email)
    .executeTakeFirst();
}

async function codeEmails(email: string) {
  const rows = await t.deps.db
    .selectFrom('outbound_emails')
    .select('id')
    .where('recipient', '=', email)
    .where('kind', '=', 'access-code')
    .execute();
  return rows.length;
}

describe('a delayed payment that fails', () => {
  it('ends the order as failed: /success and the Orders list say so, the contract status stays pending', async () => {
    const session = await payByDebit();
    await comeBack(session.id);
    expect(await page(session.payment_intent)).toMatchObject({ status: 'pending', paymentFailed: false });

    await sendOutcome(session, 'failed');
    expect(await page(session.payment_intent)).toMatchObject({
      status: 'pending',
      needsReview: false,
      paymentFailed: true,
    });
    expect(await listed(session.payment_intent)).toMatchObject({ status: 'pending', paymentFailed: true, flag: null });
    // GET /api/order answers the contract's fields only, with one of its statuses.
    const rest = await t.app.inject({ method: 'GET', url: `/api/order/${session.payment_intent}` });
    expect(rest.json()).toEqual({
      id: session.payment_intent,
      amount: 4900,
      firstName: 'Ines',
      lastName: 'Moreau',
      email: session.customer_email,
      status: 'pending',
    });
  });

  it('cannot be marked paid by the seller (409, nothing changes)', async () => {
    const session = await payByDebit();
    await comeBack(session.id);
    await sendOutcome(session, 'failed');
    await expect(admin.adminOrders.markPaid({ orderId: session.payment_intent })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: ORDER_PAYMENT_FAILED,
    });
    expect(await listed(session.payment_intent)).toMatchObject({ status: 'pending', paymentFailed: true });
    expect(await accountOf(session.customer_email!)).toBeUndefined();
  });

  it('is not brought back by a later async_payment_succeeded while Stripe says the session is unpaid', async () => {
    const session = await payByDebit();
    await comeBack(session.id);
    await sendOutcome(session, 'failed');
    // An event saying paid, while Stripe's own session says unpaid: the failure stands.
    await sendOutcome(session, 'succeeded');
    expect(await page(session.payment_intent)).toMatchObject({ status: 'pending', paymentFailed: true });
    expect(await accountOf(session.customer_email!)).toBeUndefined();
    expect(await codeEmails(session.customer_email!)).toBe(0);
  });

  it('completes after all when Stripe, asked, says the session is paid', async () => {
    const session = await payByDebit();
    await comeBack(session.id);
    await sendOutcome(session, 'failed');
    double.sessions.get(session.id)!.payment_status = 'paid';
    await sendOutcome(session, 'succeeded');
    expect(await page(session.payment_intent)).toMatchObject({ status: 'completed', paymentFailed: false });
    expect(await listed(session.payment_intent)).toMatchObject({ status: 'completed', paymentFailed: false });
    expect((await accountOf(session.customer_email!))?.access_level).toBe('full');
    expect(await codeEmails(session.customer_email!)).toBe(1);
  });

  it('answers 503 and records nothing while Stripe cannot be asked; the same event sent again is processed', async () => {
    const session = await payByDebit();
    await comeBack(session.id);
    await sendOutcome(session, 'failed');
    double.sessions.get(session.id)!.payment_status = 'paid';
    const event = signedEvent(SECRET, 'checkout.session.async_payment_succeeded', {
      ...session,
      payment_status: 'paid',
    });
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        payload: event.payload,
      });
    const { get } = double.sessions;
    double.sessions.get = () => {
      throw new Error('Stripe is down');
    };
    try {
      const down = await post();
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ message: STRIPE_NOT_REACHED });
    } finally {
      double.sessions.get = get;
    }
    expect(await page(session.payment_intent)).toMatchObject({ status: 'pending', paymentFailed: true });
    expect((await post()).statusCode).toBe(200);
    expect(await page(session.payment_intent)).toMatchObject({ status: 'completed', paymentFailed: false });
  });

  it('reported before the buyer is back: the return shows it failed, and a later success event changes nothing', async () => {
    const session = await payByDebit();
    await sendOutcome(session, 'failed');
    await comeBack(session.id);
    expect(await page(session.payment_intent)).toMatchObject({ status: 'pending', paymentFailed: true });
    await sendOutcome(session, 'succeeded');
    expect(await page(session.payment_intent)).toMatchObject({ status: 'pending', paymentFailed: true });
    expect(await accountOf(session.customer_email!)).toBeUndefined();
  });

  it('a failure event for a payment that completed changes nothing', async () => {
    const session = await payByDebit();
    await comeBack(session.id);
    double.sessions.get(session.id)!.payment_status = 'paid';
    await sendOutcome(session, 'succeeded');
    await sendOutcome(session, 'failed');
    expect(await page(session.payment_intent)).toMatchObject({ status: 'completed', paymentFailed: false });
    expect((await accountOf(session.customer_email!))?.access_level).toBe('full');
  });
});
