import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, callerFor, createCouple, createTestApp, sessionCookie, type TestApp } from '../../test/harness';
import { completeUnpaid, signedEvent, startStripeDouble, type StripeDouble } from '../../test/stripe-double';
import { GIFT_NOT_FOUND } from '../gifts/service';
import { CODE_UNKNOWN } from '../facilitators/service';
import { newFacilitator } from '../facilitators/test-support';

/*
 * Decision 0352. A failed delayed payment (a bank debit) ended its order (decision 0323), but a seat
 * pack or a gift paid that way stayed as it was: the pack "awaiting payment" for ever in the
 * seller's list and "being confirmed" to the facilitator back from Stripe, the gift "being
 * confirmed" on its buyer's page and not shown as the failed order's in the back office. Now both
 * end as failed, the same way: marked beside their status (the pack stays `pending`, the gift
 * unpaid, so neither gives anything), shown so to the buyer and the seller, and a later event
 * completes them only when Stripe says the session is paid.
 */

const KEY = 'sk_test_failedpackgift';
const SECRET = 'whsec_failedpackgifttest';

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
  admin = await callerFor(t, await adminCookie(t.deps));
});
afterAll(async () => {
  await t?.close();
  await double?.close();
});

type Session = NonNullable<ReturnType<typeof double.sessions.get>> & { payment_intent: string };

async function webhook(type: string, object: Record<string, unknown>) {
  const event = signedEvent(SECRET, type, object);
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    payload: event.payload,
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

/** The hosted page paid by a bank debit: the session completes with its payment unpaid. */
async function debit(url: string): Promise<Session> {
  const session = completeUnpaid(double, url);
  await webhook('checkout.session.completed', { ...session });
  return session;
}

const outcome = (session: Session, what: 'failed' | 'succeeded') =>
  webhook(`checkout.session.async_payment_${what}`, {
    ...session,
    payment_status: what === 'succeeded' ? 'paid' : 'unpaid',
  });

async function seatPack(seats: number) {
  const facilitator = await newFacilitator(t);
  const cohort = await facilitator.caller.facilitator.createCohort({ name: `Debit ${seats}` });
  const { url } = await facilitator.caller.facilitator.buySeats({ cohortId: cohort.id, seats });
  const session = await debit(url);
  const packId = Number(session.metadata.seatPackId);
  return { facilitator, session, packId };
}

async function packCode(packId: number) {
  const row = await t.deps.db
    .selectFrom('seat_packs')
    .select('code')
    .where('id', '=', packId)
    .executeTakeFirstOrThrow();
  return row.code;
}

describe('a seat pack whose delayed payment fails', () => {
  it('ends as failed for the facilitator and the seller, and gives no seat', async () => {
    const { facilitator, session, packId } = await seatPack(3);
    expect(await facilitator.caller.facilitator.pack({ packId })).toMatchObject({ status: 'pending' });

    await outcome(session, 'failed');
    expect(await facilitator.caller.facilitator.pack({ packId })).toMatchObject({ status: 'failed', seats: 3 });
    expect((await admin.adminFacilitators.packs()).find((pack) => pack.id === packId)).toMatchObject({
      status: 'failed',
      seatsLeft: 0,
    });
    // Its seat code opens nothing, and the facilitator's own list has no pack to hand out.
    const couple = await createCouple(t.deps, { accessLevel: 'trial' });
    const coupleCaller = await callerFor(t, await sessionCookie(t.deps, couple.accountId));
    await expect(coupleCaller.mentor.link({ code: await packCode(packId) })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: CODE_UNKNOWN,
    });
    // The facilitator's own list shows it as failed, with no seat to hand out (decision 0366).
    expect(await facilitator.caller.facilitator.packs()).toMatchObject([
      { id: packId, status: 'failed', seats: 3, seatsLeft: 0, code: null, link: null },
    ]);
    // Nothing to refund: it was never paid.
    await expect(admin.adminFacilitators.refundPack({ packId })).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  // Decision 0366: the facilitator's list left out every pending pack, so a payment being confirmed
  // (or one that failed) looked like nothing bought once the return notice was closed.
  it('is listed to its facilitator while its payment is being confirmed; a checkout never finished is not', async () => {
    const { facilitator, packId } = await seatPack(4);
    const cohort = (await facilitator.caller.facilitator.cohorts())[0]!;
    await facilitator.caller.facilitator.buySeats({ cohortId: cohort.id, seats: 6 }); // left on Stripe's page
    expect(await facilitator.caller.facilitator.packs()).toMatchObject([
      { id: packId, status: 'pending', seats: 4, seatsLeft: 0, code: null, link: null },
    ]);
  });

  it('becomes active after all only when Stripe, asked, says the session is paid', async () => {
    const { facilitator, session, packId } = await seatPack(2);
    await outcome(session, 'failed');
    await outcome(session, 'succeeded'); // Stripe's own session still says unpaid
    expect(await facilitator.caller.facilitator.pack({ packId })).toMatchObject({ status: 'failed' });

    double.sessions.get(session.id)!.payment_status = 'paid';
    await outcome(session, 'succeeded');
    expect(await facilitator.caller.facilitator.pack({ packId })).toMatchObject({ status: 'active', amount: 9800 });
    const couple = await createCouple(t.deps, { accessLevel: 'trial' });
    const coupleCaller = await callerFor(t, await sessionCookie(t.deps, couple.accountId));
    await coupleCaller.mentor.link({ code: await packCode(packId) });
    expect((await facilitator.caller.facilitator.pack({ packId })).status).toBe('active');
  });
});

describe('a gift whose delayed payment fails', () => {
  async function giftByDebit() {
    sequence += 1;
    const { url } = await (await callerFor(t)).payments.startGiftCheckout({
      buyerName: 'Aunt Rosa',
      buyerEmail: `rosa${sequence}@example.com`,
      coupleNames: 'Lucia and Mateo',
      coupleEmail: `lucia${sequence}@example.com`,
    });
    const session = await debit(url);
    // The buyer back from Stripe, on the gift's receipt page.
    const back = await t.app.inject({ method: 'GET', url: `/api/payments/return?session_id=${session.id}` });
    expect(back.statusCode).toBe(303);
    const token = new URLSearchParams(new URL(back.headers.location!, 'https://vows.example').hash.slice(1)).get(
      'token',
    )!;
    const giftId = Number(session.metadata.giftId);
    const { redeem_code: code } = await t.deps.db
      .selectFrom('gifts')
      .select('redeem_code')
      .where('id', '=', giftId)
      .executeTakeFirstOrThrow();
    return { session, token, code };
  }

  it('ends as failed on its buyer’s page and in the Orders list, and cannot be opened', async () => {
    const { session, token, code } = await giftByDebit();
    const caller = await callerFor(t);
    expect(await caller.gifts.receipt({ token })).toMatchObject({ paid: false, status: 'awaiting-payment' });

    await outcome(session, 'failed');
    expect(await caller.gifts.receipt({ token })).toMatchObject({
      paid: false,
      status: 'payment-failed',
      redeemCode: null,
      cardUrl: null,
    });
    const { items } = await admin.adminOrders.list({ search: session.payment_intent });
    expect(items.find((item) => item.id === session.payment_intent)).toMatchObject({
      status: 'pending',
      paymentFailed: true,
      gift: { coupleNames: 'Lucia and Mateo', redeemed: false },
    });
    await expect(caller.gifts.redeem({ code })).rejects.toMatchObject({ code: 'NOT_FOUND', message: GIFT_NOT_FOUND });
    const card = await t.app.inject({ method: 'GET', url: `/api/gifts/${token}/card.pdf` });
    expect(card.statusCode).toBe(409);
  });

  // Decision 0366: the seller's Gifts page listed paid gifts only, so a gift whose payment was being
  // confirmed, or failed, was nowhere on it.
  it('is on the seller’s Gifts page while its payment is being confirmed, then as failed; a checkout never finished is not', async () => {
    const { session } = await giftByDebit();
    const giftId = Number(session.metadata.giftId);
    sequence += 1;
    await (await callerFor(t)).payments.startGiftCheckout({
      buyerName: 'Uncle Tom',
      buyerEmail: `tom${sequence}@example.com`,
      coupleNames: 'Ana and Leo',
      coupleEmail: `ana${sequence}@example.com`,
    }); // left on Stripe's page
    const listed = async () => {
      const gifts = await admin.adminGifts.list({ status: 'all' });
      expect(gifts.find((gift) => gift.coupleNames === 'Ana and Leo')).toBeUndefined();
      return gifts.find((gift) => gift.id === giftId);
    };
    expect(await listed()).toMatchObject({ status: 'awaiting-payment', coupleNames: 'Lucia and Mateo', paidAt: null });
    // The seller can list those alone.
    const ids = async (status: 'awaiting-payment' | 'payment-failed' | 'scheduled') =>
      (await admin.adminGifts.list({ status })).map((gift) => gift.id);
    expect(await ids('awaiting-payment')).toContain(giftId);
    expect(await ids('payment-failed')).not.toContain(giftId);
    await outcome(session, 'failed');
    expect(await listed()).toMatchObject({ status: 'payment-failed' });
    expect(await ids('payment-failed')).toContain(giftId);
    expect(await ids('awaiting-payment')).not.toContain(giftId);
    expect(await ids('scheduled')).not.toContain(giftId);
    // Nothing to resend: it was never paid.
    await expect(admin.adminGifts.resend({ id: giftId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('is paid after all only when Stripe, asked, says the session is paid', async () => {
    const { session, token } = await giftByDebit();
    await outcome(session, 'failed');
    await outcome(session, 'succeeded');
    expect(await (await callerFor(t)).gifts.receipt({ token })).toMatchObject({ status: 'payment-failed' });

    double.sessions.get(session.id)!.payment_status = 'paid';
    await outcome(session, 'succeeded');
    expect(await (await callerFor(t)).gifts.receipt({ token })).toMatchObject({ paid: true, status: 'scheduled' });
  });
});
