import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, callerFor, createCouple, createTestApp, sessionCookie, type TestApp } from '../../test/harness';
import { addOrder } from '../orders/test-support';
import { signedEvent, startStripeDouble, type StripeDouble } from '../../test/stripe-double';
import { CHECKOUT_UNAVAILABLE, PAYMENTS_NOT_CONFIGURED, STRIPE_REFUND_FAILED } from './service';

const KEY = 'sk_test_checkout';
const SECRET = 'whsec_checkouttest';
const buyer = { email: 'Checkout.Buyer@Example.com', firstName: 'Noor', lastName: 'Haddad' };

let double: StripeDouble;
let t: TestApp;
let bare: TestApp;
let wrongKey: TestApp;

beforeAll(async () => {
  double = await startStripeDouble({ secretKey: KEY, webhookSecret: SECRET });
  const stripeEnv = { STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_BASE: double.url };
  t = await createTestApp({ ...stripeEnv, PUBLIC_URL: 'https://vows.example', PRICE_CENTS: '5900', CURRENCY: 'EUR' });
  bare = await createTestApp();
  wrongKey = await createTestApp({ ...stripeEnv, STRIPE_SECRET_KEY: 'sk_test_not_the_key' });
});
afterAll(async () => {
  await Promise.all([t?.close(), bare?.close(), wrongKey?.close()]);
  await double?.close();
});

/** The Pay button on the double's hosted page: the session paid, the browser sent to success_url. */
async function payOnHostedPage(url: string): Promise<string> {
  const answer = await fetch(url, { method: 'POST', redirect: 'manual' });
  expect(answer.status).toBe(303);
  return answer.headers.get('location')!;
}

describe('payments.startCheckout', () => {
  it('creates a Checkout Session for the configured price and returns its hosted page', async () => {
    const { url } = await (await callerFor(t)).payments.startCheckout(buyer);
    const session = [...double.sessions.values()].find((s) => s.url === url)!;
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 5900,
      currency: 'eur',
      customer_email: 'checkout.buyer@example.com',
      client_reference_id: null,
      metadata: { firstName: 'Noor', lastName: 'Haddad' },
      success_url: 'https://vows.example/api/payments/return?session_id={CHECKOUT_SESSION_ID}',
    });
    const cancel = new URL(session.cancel_url);
    expect(`${cancel.origin}${cancel.pathname}`).toBe('https://vows.example/checkout');
    expect(Object.fromEntries(cancel.searchParams)).toEqual({
      email: 'checkout.buyer@example.com',
      firstName: 'Noor',
      lastName: 'Haddad',
    });
  });

  it('names a signed-in couple’s account on the session', async () => {
    const couple = await createCouple(t.deps, { accessLevel: 'trial' });
    const caller = await callerFor(t, await sessionCookie(t.deps, couple.accountId));
    const { url } = await caller.payments.startCheckout({ ...buyer, email: couple.email });
    const session = [...double.sessions.values()].find((s) => s.url === url)!;
    expect(session.client_reference_id).toBe(String(couple.accountId));
  });

  it('carries the page’s language (the vw_locale cookie, else Accept-Language) to Stripe and the new account', async () => {
    const fromCookie = await (await callerFor(t, 'vw_locale=es')).payments.startCheckout(buyer);
    const spanish = [...double.sessions.values()].find((s) => s.url === fromCookie.url)!;
    expect(spanish.metadata).toEqual({ firstName: 'Noor', lastName: 'Haddad', locale: 'es' });

    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/payments.startCheckout',
      headers: { 'content-type': 'application/json', 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' },
      payload: buyer,
    });
    const fromHeader = [...double.sessions.values()].find((s) => s.url === answer.json().result.data.url)!;
    expect(fromHeader.metadata.locale).toBe('es');

    const plain = await (await callerFor(t)).payments.startCheckout(buyer);
    expect([...double.sessions.values()].find((s) => s.url === plain.url)!.metadata.locale).toBe('en');
  });

  it('refuses a bad form with the field named, and answers 404 without Stripe configured', async () => {
    const caller = await callerFor(t);
    await expect(caller.payments.startCheckout({ ...buyer, email: 'not-an-email' })).rejects.toThrow(/email/);
    await expect(caller.payments.startCheckout({ ...buyer, lastName: ' ' })).rejects.toThrow(/lastName is required/);
    await expect((await callerFor(bare)).payments.startCheckout(buyer)).rejects.toThrow(PAYMENTS_NOT_CONFIGURED);
  });

  it('answers 503 with a message to try again when Stripe refuses the call', async () => {
    const answer = await wrongKey.app.inject({
      method: 'POST',
      url: '/api/trpc/payments.startCheckout',
      headers: { 'content-type': 'application/json' },
      payload: buyer,
    });
    expect(answer.statusCode).toBe(503);
    expect(answer.json().error.message).toBe(CHECKOUT_UNAVAILABLE);
  });
});

describe('payments.buyer', () => {
  it("gives a signed-in couple its own sign-in's email and first name for the pricing form, and nobody else", async () => {
    const couple = await createCouple(t.deps, { accessLevel: 'trial', displayName: ' Robin ' });
    const caller = await callerFor(t, await sessionCookie(t.deps, couple.accountId));
    expect(await caller.payments.buyer()).toEqual({ email: couple.email, firstName: 'Robin' });
    const byUsername = await createCouple(t.deps, { username: `buyer_${Date.now()}`, password: 'secret-words' });
    const named = await callerFor(t, await sessionCookie(t.deps, byUsername.accountId));
    expect((await named.payments.buyer()).email).toBeNull();
    await expect((await callerFor(t)).payments.buyer()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect((await callerFor(t, await adminCookie(t.deps))).payments.buyer()).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

describe('GET /api/payments/return', () => {
  it('sends the buyer to /success for the payment: pending until the webhook confirms it, then completed', async () => {
    const { url } = await (await callerFor(t)).payments.startCheckout(buyer);
    const sessionId = url.split('/').pop()!;
    const unpaid = await t.app.inject({ url: `/api/payments/return?session_id=${sessionId}` });
    expect(unpaid.statusCode).toBe(404);

    const successUrl = new URL(await payOnHostedPage(url));
    const back = await t.app.inject({ url: `${successUrl.pathname}${successUrl.search}` });
    expect(back.statusCode).toBe(303);
    const paymentIntent = double.sessions.get(sessionId)!.payment_intent!;
    expect(back.headers.location).toBe(`/success?payment_intent=${paymentIntent}`);

    const caller = await callerFor(t);
    expect(await caller.orders.get({ paymentIntentId: paymentIntent })).toMatchObject({
      status: 'pending',
      amount: 5900,
      email: 'checkout.buyer@example.com',
    });
    // Coming back twice changes nothing.
    expect((await t.app.inject({ url: `${successUrl.pathname}${successUrl.search}` })).statusCode).toBe(303);

    const event = signedEvent(SECRET, 'checkout.session.completed', { ...double.sessions.get(sessionId)! });
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.payload,
    });
    expect(webhook.statusCode).toBe(200);
    expect(await caller.orders.get({ paymentIntentId: paymentIntent })).toMatchObject({ status: 'completed' });
  });

  // QA walk: a signed-in couple's card payment upgrades their account as it is and sends no code
  // (decision 0155), yet /success said "the personal access code we sent you" (decision 0326).
  it('tells /success that a signed-in couple paying with their own email gets no new code', async () => {
    const couple = await createCouple(t.deps, { accessLevel: 'trial' });
    const caller = await callerFor(t, await sessionCookie(t.deps, couple.accountId));
    const own = await caller.payments.startCheckout({ ...buyer, email: couple.email });
    const ownReturn = new URL(await payOnHostedPage(own.url));
    const back = await t.app.inject({ url: `${ownReturn.pathname}${ownReturn.search}` });
    const paymentIntent = double.sessions.get(own.url.split('/').pop()!)!.payment_intent!;
    expect(back.headers.location).toBe(`/success?payment_intent=${paymentIntent}&code=signed-in`);

    // Another email gets that email's account and a code by email, as a signed-out buyer would.
    const other = await caller.payments.startCheckout({ ...buyer, email: `other-${Date.now()}@example.com` });
    const otherReturn = new URL(await payOnHostedPage(other.url));
    const elsewhere = await t.app.inject({ url: `${otherReturn.pathname}${otherReturn.search}` });
    expect(elsewhere.headers.location).toMatch(/^\/success\?payment_intent=[^&]+$/);
  });

  it('answers 400 for a malformed session id and 404 for one Stripe does not know', async () => {
    const malformed = await t.app.inject({ url: '/api/payments/return?session_id=x' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/session_id/);
    const unknown = await t.app.inject({ url: '/api/payments/return?session_id=cs_test_unknown' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: expect.stringMatching(/not found/) });
  });
});

/** A paid order as the webhook leaves it: pays on the double's page, then delivers the event. */
async function paidOrder(): Promise<string> {
  const { url } = await (await callerFor(t)).payments.startCheckout({
    ...buyer,
    email: `refund-${Date.now()}@example.com`,
  });
  await payOnHostedPage(url);
  const session = double.sessions.get(url.split('/').pop()!)!;
  const event = signedEvent(SECRET, 'checkout.session.completed', { ...session });
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    payload: event.payload,
  });
  expect(answer.statusCode).toBe(200);
  return session.payment_intent!;
}

describe('the back office with Stripe payments', () => {
  it('lists them as paid through Stripe, and refunds them through Stripe before the refund rule', async () => {
    const orderId = await paidOrder();
    const admin = await callerFor(t, await adminCookie(t.deps));
    const listed = await admin.adminOrders.list({ search: orderId });
    expect(listed.items).toMatchObject([{ id: orderId, paidThroughStripe: true, status: 'completed' }]);

    const result = await admin.adminOrders.refund({ orderId });
    expect(result).toMatchObject({ changed: true, accessDropped: true });
    expect(double.refunds.get(orderId)).toMatchObject({ amount: 5900 });
    // Stripe's charge.refunded that follows changes nothing.
    const event = signedEvent(SECRET, 'charge.refunded', {
      id: 'ch_1',
      object: 'charge',
      refunded: true,
      payment_intent: orderId,
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.payload,
    });
    expect((await admin.adminOrders.refund({ orderId })).changed).toBe(false);
  });

  it('changes nothing when Stripe refuses the refund; hand-recorded orders never call Stripe', async () => {
    const orderId = await paidOrder();
    const refunds = double.refunds.size;
    // Stripe says it does not know the payment (it was made under other keys).
    double.sessions.forEach((session) => {
      if (session.payment_intent === orderId) session.payment_intent = 'pi_elsewhere';
    });
    const admin = await callerFor(t, await adminCookie(t.deps));
    await expect(admin.adminOrders.refund({ orderId })).rejects.toThrow(STRIPE_REFUND_FAILED);
    expect((await admin.adminOrders.list({ search: orderId })).items[0]?.status).toBe('completed');

    const byHand = await addOrder(t.deps, { status: 'completed' });
    expect((await admin.adminOrders.refund({ orderId: byHand.id })).changed).toBe(true);
    expect(double.refunds.size).toBe(refunds);
  });
});
