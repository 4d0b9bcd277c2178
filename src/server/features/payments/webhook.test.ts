import { describe, expect, it } from 'vitest';
import { callerFor, createCouple, sessionCookie, useTestApp } from '../../test/harness';
import { completedSession, randomStripeId, signedEvent } from '../../test/stripe-double';

const SECRET = 'whsec_webhooktest';
const ENV = {
  STRIPE_SECRET_KEY: 'sk_test_webhook',
  STRIPE_WEBHOOK_SECRET: SECRET,
  PRICE_CENTS: '4900',
  CURRENCY: 'usd',
};

const t = useTestApp(ENV);
const bare = useTestApp();

async function post(event: { payload: string; signature?: string }, app = t.app) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(event.signature !== undefined && { 'stripe-signature': event.signature }),
    },
    payload: event.payload,
  });
}

async function send(type: string, object: Record<string, unknown>, options: { id?: string; timestamp?: number } = {}) {
  const event = signedEvent(SECRET, type, object, options);
  return { event, response: await post(event) };
}

async function orderRow(id: string) {
  return t.deps.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

async function accessOf(email: string) {
  const row = await t.deps.db
    .selectFrom('accounts')
    .innerJoin('couples', 'couples.id', 'accounts.couple_id')
    .select('couples.access_level')
    .where('accounts.email', '=', email)
    .executeTakeFirst();
  return row?.access_level;
}

async function codeEmails(email: string) {
  return t.deps.db
    .selectFrom('outbound_emails')
    .select('id')
    .where('recipient', '=', email)
    .where('kind', '=', 'access-code')
    .execute();
}

describe('POST /api/payments/webhook', () => {
  it('completes the order on a paid checkout session: full access and one access-code email', async () => {
    const session = completedSession();
    const { response } = await send('checkout.session.completed', session);
    expect(response.statusCode).toBe(200);
    const order = await orderRow(session.payment_intent);
    expect(order).toMatchObject({
      status: 'completed',
      provider: 'stripe',
      amount: 4900,
      currency: 'usd',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: session.customer_details.email,
      flag: null,
    });
    expect(await accessOf(session.customer_details.email)).toBe('full');
    expect(await codeEmails(session.customer_details.email)).toHaveLength(1);
  });

  it('gives a new buyer’s account the language of the page they paid from, and writes their code email in it', async () => {
    const session = completedSession({ metadata: { firstName: 'Ada', lastName: 'Lovelace', locale: 'es' } });
    const email = session.customer_details.email;
    expect((await send('checkout.session.completed', session)).response.statusCode).toBe(200);
    const account = await t.deps.db
      .selectFrom('accounts')
      .select('locale')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(account?.locale).toBe('es');
    const [codeEmail] = await t.deps.db
      .selectFrom('outbound_emails')
      .select(['subject', 'language'])
      .where('recipient', '=', email)
      .where('kind', '=', 'access-code')
      .execute();
    expect(codeEmail?.subject).toMatch(/código de acceso/);
    // The outbox keeps the email's language, so the seller's screen marks the subject as Spanish.
    expect(codeEmail?.language).toBe('es');

    const older = completedSession(); // No language in metadata (a session started before this change): English.
    await send('checkout.session.completed', older);
    const plain = await t.deps.db
      .selectFrom('accounts')
      .select('locale')
      .where('email', '=', older.customer_details.email)
      .executeTakeFirst();
    expect(plain?.locale).toBe('en');
    const englishEmail = await t.deps.db
      .selectFrom('outbound_emails')
      .select('language')
      .where('recipient', '=', older.customer_details.email)
      .executeTakeFirst();
    expect(englishEmail?.language).toBe('en');
  });

  it('refuses a missing, wrong or stale signature with 400 {message} and changes nothing', async () => {
    const session = completedSession();
    const good = signedEvent(SECRET, 'checkout.session.completed', session);
    const missing = await post({ payload: good.payload });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: expect.stringMatching(/Stripe-Signature/) });

    const wrongSecret = signedEvent('whsec_other', 'checkout.session.completed', session);
    expect((await post(wrongSecret)).statusCode).toBe(400);
    const tampered = await post({ payload: good.payload.replace('4900', '4901'), signature: good.signature });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().message).toMatch(/does not match/);

    const stale = signedEvent(SECRET, 'checkout.session.completed', session, {
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    expect((await post(stale)).statusCode).toBe(400);

    expect(await orderRow(session.payment_intent)).toBeUndefined();
    expect(
      await t.deps.db.selectFrom('payment_events').select('id').where('id', 'in', [good.id, stale.id]).execute(),
    ).toEqual([]);
    // The same payload, rightly signed within 5 minutes, is accepted.
    expect((await post(good)).statusCode).toBe(200);
  });

  it('is exempt from the Origin check, which still guards every other POST', async () => {
    const event = signedEvent(SECRET, 'customer.created', { id: 'cus_1', object: 'customer' });
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': event.signature,
        origin: 'https://stripe.com',
      },
      payload: event.payload,
    });
    expect(answer.statusCode).toBe(200);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json', origin: 'https://stripe.com' },
      payload: '{}',
    });
    expect(other.statusCode).toBe(403);
  });

  it('processes a replayed event once', async () => {
    const session = completedSession();
    const first = await send('checkout.session.completed', session);
    await t.app.inject({ method: 'GET', url: '/healthz' });
    const replay = await post(first.event);
    expect(replay.statusCode).toBe(200);
    expect(await codeEmails(session.customer_details.email)).toHaveLength(1);
  });

  it('fulfils one payment once when both completed and async_payment_succeeded arrive', async () => {
    const session = completedSession({ payment_status: 'unpaid' });
    await send('checkout.session.completed', session);
    // Not paid yet (a delayed payment method): no order, no access.
    expect(await orderRow(session.payment_intent)).toBeUndefined();
    await send('checkout.session.async_payment_succeeded', { ...session, payment_status: 'paid' });
    await send('checkout.session.completed', { ...session, payment_status: 'paid' });
    expect((await orderRow(session.payment_intent))?.status).toBe('completed');
    expect(await codeEmails(session.customer_details.email)).toHaveLength(1);
  });

  it('a refund that arrives before its payment leaves the order refunded, with no access and no email', async () => {
    const session = completedSession();
    const charge = {
      id: randomStripeId('ch_'),
      object: 'charge',
      refunded: true,
      payment_intent: session.payment_intent,
    };
    expect((await send('charge.refunded', charge)).response.statusCode).toBe(200);
    await send('checkout.session.completed', session);
    expect((await orderRow(session.payment_intent))?.status).toBe('refunded');
    expect(await accessOf(session.customer_details.email)).toBeUndefined();
    expect(await codeEmails(session.customer_details.email)).toHaveLength(0);
  });

  it('a full refund drops access by the refund rule; a partial refund changes nothing', async () => {
    const session = completedSession();
    await send('checkout.session.completed', session);
    const charge = { id: randomStripeId('ch_'), object: 'charge', payment_intent: session.payment_intent };
    await send('charge.refunded', { ...charge, refunded: false, amount_refunded: 1000 });
    expect((await orderRow(session.payment_intent))?.status).toBe('completed');
    await send('charge.refunded', { ...charge, refunded: true, amount_refunded: 4900 });
    expect((await orderRow(session.payment_intent))?.status).toBe('refunded');
    expect(await accessOf(session.customer_details.email)).toBe('trial');
  });

  it('answers 200 to an unknown event type and ignores it', async () => {
    const { response, event } = await send('invoice.paid', { id: 'in_1', object: 'invoice', payment_intent: 'pi_x' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(
      await t.deps.db.selectFrom('payment_events').select('type').where('id', '=', event.id).executeTakeFirst(),
    ).toEqual({
      type: 'invoice.paid',
    });
  });

  it('flags an amount or currency that is not the price: pending, no access, no code', async () => {
    const caller = await callerFor(t);
    for (const overrides of [{ amount_total: 100 }, { currency: 'eur' }]) {
      const session = completedSession(overrides);
      await send('checkout.session.completed', session);
      const order = await orderRow(session.payment_intent);
      expect(order?.status).toBe('pending');
      expect(order?.flag).toMatch(/not the price 4900 usd/);
      // /success stops waiting and says a person will check it; the reason is the seller's.
      const page = await caller.orders.get({ paymentIntentId: session.payment_intent });
      expect(page).toMatchObject({ status: 'pending', needsReview: true });
      expect(JSON.stringify(page)).not.toMatch(/not the price/);
      expect(await accessOf(session.customer_details.email)).toBeUndefined();
      expect(await codeEmails(session.customer_details.email)).toHaveLength(0);
    }
  });

  it('upgrades the signed-in couple that started checkout: no new code, its session goes on', async () => {
    const couple = await createCouple(t.deps, { accessLevel: 'trial' });
    const cookie = await sessionCookie(t.deps, couple.accountId);
    const session = completedSession({
      customer_details: { email: couple.email },
      client_reference_id: String(couple.accountId),
    });
    await send('checkout.session.completed', session);
    expect(await orderRow(session.payment_intent)).toMatchObject({ status: 'completed', couple_id: couple.coupleId });
    expect(await accessOf(couple.email)).toBe('full');
    expect(await codeEmails(couple.email)).toHaveLength(0);
    const me = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });

  it('answers 404 {message} while Stripe is not configured', async () => {
    const event = signedEvent(SECRET, 'checkout.session.completed', completedSession());
    const answer = await post(event, bare.app);
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ message: 'Card payments are not configured on this server.' });
  });
});
