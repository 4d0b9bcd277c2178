import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor, createTestApp, sessionCookie, type TestApp } from '../../test/harness';
import {
  completeUnpaid,
  randomStripeId,
  signedEvent,
  startStripeDouble,
  type StripeDouble,
} from '../../test/stripe-double';
import { newFacilitator } from '../facilitators/test-support';

/*
 * Decision 0350. A delayed payment (a bank debit) that failed ended its order (decision 0323), but
 * nobody was told: the buyer who had left /success never learnt that the course did not open, and
 * the seller heard nothing. Now the failure queues one email to the buyer (in the checkout's
 * language: it did not go through, nothing was charged or given, a link to pay again) and a notice
 * to the seller, once per payment however often Stripe sends it, for the course, a gift or a seat
 * pack alike.
 */

const KEY = 'sk_test_failedemails';
const SECRET = 'whsec_failedemailstest';
const SELLER = 'seller@vows.example';

let double: StripeDouble;
let t: TestApp;
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
    ADMIN_EMAIL: SELLER,
  });
});
afterAll(async () => {
  await t?.close();
  await double?.close();
});

type Session = NonNullable<ReturnType<typeof double.sessions.get>> & { payment_intent: string };

/** Posts a signed event to the webhook; `id` sends the same event again. */
async function webhook(type: string, object: Record<string, unknown>, id?: string) {
  const event = signedEvent(SECRET, type, object, id === undefined ? {} : { id });
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    payload: event.payload,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return event.id;
}

/** The hosted page paid by a bank debit: the session completes with its payment unpaid. */
async function debit(url: string): Promise<Session> {
  const session = completeUnpaid(double, url);
  await webhook('checkout.session.completed', { ...session });
  return session;
}

const failed = (session: Session, id?: string) =>
  webhook('checkout.session.async_payment_failed', { ...session, payment_status: 'unpaid' }, id);

function buyer() {
  sequence += 1;
  return { email: `debit-mail${sequence}@example.com`, firstName: 'Ines', lastName: 'Moreau' };
}

async function buyCourse(locale: 'en' | 'es' = 'en') {
  const caller = await callerFor(t, `vw_locale=${locale}`);
  return debit((await caller.payments.startCheckout(buyer())).url);
}

async function emailsTo(recipient: string, kind: string) {
  return t.deps.db
    .selectFrom('outbound_emails')
    .select(['subject', 'text_body as text', 'html_body as html', 'language', 'couple_id as coupleId'])
    .where('recipient', '=', recipient)
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();
}

/** The seller's failure notices about one payment. */
async function noticesAbout(paymentIntent: string) {
  return (await emailsTo(SELLER, 'payment-failed-notice')).filter((email) => email.text.includes(paymentIntent));
}

describe('a failed delayed payment is told to the buyer and the seller', () => {
  it('the course: one email to the buyer with a link to pay again, one notice to the seller', async () => {
    const session = await buyCourse();
    await t.app.inject({ method: 'GET', url: `/api/payments/return?session_id=${session.id}` });
    await failed(session);

    const [email, ...more] = await emailsTo(session.customer_email!, 'payment-failed');
    expect(more).toEqual([]);
    expect(email).toMatchObject({ subject: 'Your payment for Vows & Weeks did not go through', language: 'en' });
    expect(email!.text).toContain('Dear Ines,');
    expect(email!.text).toContain('Your bank did not complete the payment of $49.00 for Vows & Weeks');
    expect(email!.text).toContain('Nothing was charged, and the course was not opened: no access was given.');
    const again = `https://vows.example/checkout?email=${encodeURIComponent(session.customer_email!)}&firstName=Ines&lastName=Moreau`;
    expect(email!.text).toContain(`Pay again: ${again}`);
    expect(email!.html).toContain(`href="${again.replaceAll('&', '&amp;')}"`);

    const [notice, ...moreNotices] = await noticesAbout(session.payment_intent);
    expect(moreNotices).toEqual([]);
    expect(notice!.subject).toBe('Payment failed: Ines Moreau ($49.00)');
    expect(notice!.text).toContain(`Buyer: Ines Moreau (${session.customer_email})`);
    expect(notice!.text).toContain('For: the course');
    expect(notice!.text).toContain('https://vows.example/admin/orders');
  });

  it('once per payment: the same event sent again, or another event of the same failure, tells nobody again', async () => {
    const session = await buyCourse();
    const first = await failed(session);
    await failed(session, first); // Stripe's retry of the same event
    await failed(session); // another event about the same failure
    expect(await emailsTo(session.customer_email!, 'payment-failed')).toHaveLength(1);
    expect(await noticesAbout(session.payment_intent)).toHaveLength(1);
  });

  it('once per payment when two deliveries arrive at the same instant (PostgreSQL runs them side by side)', async () => {
    // A course buyer who never came back to /success: no order row for the two to queue on.
    const sessions = await Promise.all([buyCourse(), buyCourse(), buyCourse(), buyCourse()]);
    await Promise.all(
      sessions.flatMap((session) => {
        const id = randomStripeId('evt_');
        // The same event delivered twice at once, and another event about the same failure.
        return [failed(session, id), failed(session, id), failed(session)];
      }),
    );
    for (const session of sessions) {
      expect(await emailsTo(session.customer_email!, 'payment-failed')).toHaveLength(1);
      expect(await noticesAbout(session.payment_intent)).toHaveLength(1);
    }
  });

  it('in the language of the checkout, with the Spanish pay-again address', async () => {
    const session = await buyCourse('es');
    await failed(session);
    const [email] = await emailsTo(session.customer_email!, 'payment-failed');
    expect(email).toMatchObject({ subject: 'Su pago de Vows & Weeks no se completó', language: 'es' });
    expect(email!.text).toContain('Hola, Ines:');
    expect(email!.text).toContain('No se les cobró nada y el curso no se abrió: no recibieron acceso.');
    expect(email!.text).toContain('Pagar de nuevo: https://vows.example/es/checkout?email=');
    expect(email!.html).toContain('<html lang="es">');
  });

  it('says nothing for a payment that completed', async () => {
    const session = await buyCourse();
    double.sessions.get(session.id)!.payment_status = 'paid';
    await webhook('checkout.session.async_payment_succeeded', { ...session, payment_status: 'paid' });
    await failed(session);
    expect(await emailsTo(session.customer_email!, 'payment-failed')).toEqual([]);
    expect(await noticesAbout(session.payment_intent)).toEqual([]);
  });

  it('a gift: its buyer is told the gift was not sent, and can give it again', async () => {
    sequence += 1;
    const buyerEmail = `giver${sequence}@example.com`;
    const { url } = await (await callerFor(t)).payments.startGiftCheckout({
      buyerName: 'Aunt Rosa',
      buyerEmail,
      coupleNames: 'Lucia and Mateo',
      coupleEmail: `lucia${sequence}@example.com`,
      locale: 'es',
    });
    const session = await debit(url);
    await failed(session);
    const [email, ...more] = await emailsTo(buyerEmail, 'payment-failed');
    expect(more).toEqual([]);
    expect(email).toMatchObject({ subject: 'Tu pago del regalo para Lucia and Mateo no se completó', language: 'es' });
    expect(email!.text).toContain('Hola, Aunt Rosa:');
    expect(email!.text).toContain('el regalo no se envió: su código no abre el curso.');
    expect(email!.text).toContain('Pagar de nuevo: https://vows.example/es/gift');
    const [notice] = await noticesAbout(session.payment_intent);
    expect(notice!.text).toContain('For: a gift for Lucia and Mateo');
  });

  it('a seat pack: the facilitator is told no seats were added, and where to buy them again', async () => {
    const facilitator = await newFacilitator(t, { name: 'Pastor Dave' });
    const cohort = await facilitator.caller.facilitator.createCohort({ name: 'Spring' });
    const { url } = await facilitator.caller.facilitator.buySeats({ cohortId: cohort.id, seats: 3 });
    const session = await debit(url);
    await failed(session);
    const [email, ...more] = await emailsTo(facilitator.email, 'payment-failed');
    expect(more).toEqual([]);
    expect(email!.subject).toBe('Your payment for 3 seats did not go through');
    expect(email!.text).toContain('Dear Pastor Dave,');
    expect(email!.text).toContain('the payment of $147.00 for 3 seats of Vows & Weeks');
    expect(email!.text).toContain('no seats were added');
    expect(email!.text).toContain('Pay again: https://vows.example/facilitator');
    const [notice] = await noticesAbout(session.payment_intent);
    expect(notice!.text).toContain('For: 3 seats for a facilitator');
    expect(notice!.text).toContain('https://vows.example/admin/facilitators');
  });

  it('is erased with the account the buyer made later with that address', async () => {
    const session = await buyCourse();
    await failed(session);
    // The buyer pays again by card: the payment makes their account.
    const { url } = await (await callerFor(t)).payments.startCheckout({
      email: session.customer_email!,
      firstName: 'Ines',
      lastName: 'Moreau',
    });
    const paid = await double.pay([...double.sessions.values()].find((s) => s.url === url)!.id);
    await webhook('checkout.session.completed', { ...paid });
    const account = await t.deps.db
      .selectFrom('accounts')
      .select('id')
      .where('email', '=', session.customer_email!)
      .executeTakeFirstOrThrow();
    expect(await emailsTo(session.customer_email!, 'payment-failed')).toHaveLength(1);
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/ourData.deleteAccount',
      headers: { cookie: await sessionCookie(t.deps, account.id) },
      payload: { confirmation: 'DELETE' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await emailsTo(session.customer_email!, 'payment-failed')).toEqual([]);
  });
});
