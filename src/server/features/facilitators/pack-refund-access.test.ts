import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessLevelOf,
  adminCookie,
  callerFor,
  createCouple,
  createTestApp,
  sessionCookie,
  type TestApp,
} from '../../test/harness';
import {
  completedSession,
  injectSignedEvent,
  randomStripeId,
  startStripeDouble,
  type StripeDouble,
} from '../../test/stripe-double';
import { newFacilitator } from './test-support';

/*
 * Seat pack refunds and the access they leave (decision 0264): a couple who paid for the course
 * themselves keeps it whatever happens to a pack, and Stripe's refund of a card pack always ends its
 * unused seats.
 */

const KEY = 'sk_test_packaccess';
const SECRET = 'whsec_packaccesstest';
let double: StripeDouble;
let t: TestApp;

beforeAll(async () => {
  double = await startStripeDouble({ secretKey: KEY, webhookSecret: SECRET });
  t = await createTestApp({
    STRIPE_SECRET_KEY: KEY,
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_API_BASE: double.url,
    PUBLIC_URL: 'https://vows.example',
    PRICE_CENTS: '4900',
    CURRENCY: 'usd',
    // The seller records orders for couples who have accounts: their codes go by email (decision 0369).
    SMTP_URL: 'smtp://mail.example.com',
  });
});
afterAll(async () => {
  await t?.close();
  await double?.close();
});

const accessOf = (coupleId: number) => accessLevelOf(t.deps, coupleId);

async function webhook(type: string, object: Record<string, unknown>) {
  expect(await injectSignedEvent(t.app, SECRET, type, object)).toBe(200);
}

describe('seat pack refunds and a couple’s own purchase', () => {
  it('keeps full access for a couple who bought the course after redeeming a seat, even with "end their access"', async () => {
    const admin = await callerFor(t, await adminCookie(t.deps));
    const facilitator = await newFacilitator(t);
    const pack = await admin.adminFacilitators.grantPack({ facilitatorId: facilitator.id, seats: 2, expiresOn: null });
    const couple = await createCouple(t.deps, { accessLevel: 'trial' });
    await (await callerFor(t, await sessionCookie(t.deps, couple.accountId))).mentor.link({ code: pack.code });
    expect(await accessOf(couple.coupleId)).toBe('full');

    // The couple then pays for the course themselves (here recorded by hand; a card payment alike).
    await admin.adminOrders.record({ email: couple.email, firstName: 'Robin', lastName: 'Lee' });

    await admin.adminFacilitators.refundPack({ packId: pack.id, revokeAccess: true });
    expect(await accessOf(couple.coupleId)).toBe('full');

    // Without a purchase of their own, the seat's couple goes back to the trial as the seller chose.
    const pack2 = await admin.adminFacilitators.grantPack({ facilitatorId: facilitator.id, seats: 1, expiresOn: null });
    const seatOnly = await createCouple(t.deps, { accessLevel: 'trial' });
    await (await callerFor(t, await sessionCookie(t.deps, seatOnly.accountId))).mentor.link({ code: pack2.code });
    await admin.adminFacilitators.refundPack({ packId: pack2.id, revokeAccess: true });
    expect(await accessOf(seatOnly.coupleId)).toBe('trial');
  });
});

// Security review: refunding one pack with "end their access" dropped to the trial a couple who
// still held a seat of another active pack, which the order refund rule counts (decision 0333).
describe('a pack refund and a seat of another pack', () => {
  it('keeps full access while the couple holds a seat of another active pack, which then carries it', async () => {
    const admin = await callerFor(t, await adminCookie(t.deps));
    const facilitator = await newFacilitator(t);
    const grant = () => admin.adminFacilitators.grantPack({ facilitatorId: facilitator.id, seats: 2, expiresOn: null });
    const first = await grant();
    const second = await grant();
    const couple = await createCouple(t.deps, { accessLevel: 'trial' });
    const asCouple = await callerFor(t, await sessionCookie(t.deps, couple.accountId));
    await asCouple.mentor.link({ code: first.code });
    await asCouple.mentor.link({ code: second.code });
    expect(await accessOf(couple.coupleId)).toBe('full');

    await admin.adminFacilitators.refundPack({ packId: first.id, revokeAccess: true });
    expect(await accessOf(couple.coupleId)).toBe('full');

    // The second pack's seat is what holds their access now: its refund with "end their access" ends it.
    await admin.adminFacilitators.refundPack({ packId: second.id, revokeAccess: true });
    expect(await accessOf(couple.coupleId)).toBe('trial');
  });
});

// Review: the order refund rule counted only orders, so a couple whose parish paid for their seat
// dropped to the trial when their own (extra) purchase was refunded.
describe('an order refund and a seat the couple keeps', () => {
  it('keeps full access while the couple holds a seat a facilitator paid for, and not after it is revoked', async () => {
    const admin = await callerFor(t, await adminCookie(t.deps));
    const facilitator = await newFacilitator(t);
    const pack = await admin.adminFacilitators.grantPack({ facilitatorId: facilitator.id, seats: 1, expiresOn: null });
    const couple = await createCouple(t.deps, { accessLevel: 'trial' });
    await (await callerFor(t, await sessionCookie(t.deps, couple.accountId))).mentor.link({ code: pack.code });
    const own = await admin.adminOrders.record({ email: couple.email, firstName: 'Robin', lastName: 'Lee' });
    expect(await admin.adminOrders.refund({ orderId: own.orderId })).toMatchObject({ accessDropped: false });
    expect(await accessOf(couple.coupleId)).toBe('full');

    // A pack refunded without ending access still covers the seat; one refunded with it does not.
    const again = await admin.adminOrders.record({ email: couple.email, firstName: 'Robin', lastName: 'Lee' });
    await admin.adminFacilitators.refundPack({ packId: pack.id, revokeAccess: false });
    expect(await admin.adminOrders.refund({ orderId: again.orderId })).toMatchObject({ accessDropped: false });
    expect(await accessOf(couple.coupleId)).toBe('full');
    await t.deps.db.updateTable('seat_packs').set({ access_revoked: 1 }).where('id', '=', pack.id).execute();
    const last = await admin.adminOrders.record({ email: couple.email, firstName: 'Robin', lastName: 'Lee' });
    expect(await admin.adminOrders.refund({ orderId: last.orderId })).toMatchObject({ accessDropped: true });
    expect(await accessOf(couple.coupleId)).toBe('trial');
  });
});

// Review: an order refund that left a couple full access because of a seat they keep left that seat
// recorded as not having upgraded them, so refunding its pack with "end their access" later left
// them the full course for free (decision 0333).
describe('an order refund kept by a seat, then that seat’s pack refunded', () => {
  /** A couple who bought the course, then took a seat of each of two packs (full already: no upgrade recorded). */
  async function buyerWithTwoSeats() {
    const admin = await callerFor(t, await adminCookie(t.deps));
    const facilitator = await newFacilitator(t);
    const grant = () => admin.adminFacilitators.grantPack({ facilitatorId: facilitator.id, seats: 2, expiresOn: null });
    const first = await grant();
    const second = await grant();
    const couple = await createCouple(t.deps, { accessLevel: 'trial' });
    return {
      admin,
      first,
      second,
      couple,
      asCouple: await callerFor(t, await sessionCookie(t.deps, couple.accountId)),
    };
  }

  it('the back office’s refund: the seats then carry the access, and their packs’ refunds end it', async () => {
    const { admin, first, second, couple, asCouple } = await buyerWithTwoSeats();
    const own = await admin.adminOrders.record({ email: couple.email, firstName: 'Robin', lastName: 'Lee' });
    await asCouple.mentor.link({ code: first.code });
    await asCouple.mentor.link({ code: second.code });
    expect(await admin.adminOrders.refund({ orderId: own.orderId })).toMatchObject({ accessDropped: false });
    expect(await accessOf(couple.coupleId)).toBe('full');

    // One pack refunded with "end their access": the other pack's seat still holds it.
    await admin.adminFacilitators.refundPack({ packId: first.id, revokeAccess: true });
    expect(await accessOf(couple.coupleId)).toBe('full');
    // The last pack with a seat of theirs, refunded with "end their access", ends it.
    await admin.adminFacilitators.refundPack({ packId: second.id, revokeAccess: true });
    expect(await accessOf(couple.coupleId)).toBe('trial');
  });

  it('Stripe’s refund of a card order (charge.refunded) alike', async () => {
    const { admin, first, couple, asCouple } = await buyerWithTwoSeats();
    const paymentIntent = randomStripeId('pi_');
    await webhook(
      'checkout.session.completed',
      completedSession({
        payment_intent: paymentIntent,
        customer_details: { email: couple.email },
        metadata: { firstName: 'Robin', lastName: 'Lee' },
      }),
    );
    expect(await accessOf(couple.coupleId)).toBe('full');
    await asCouple.mentor.link({ code: first.code });
    await webhook('charge.refunded', {
      id: randomStripeId('ch_'),
      object: 'charge',
      refunded: true,
      payment_intent: paymentIntent,
    });
    const order = await t.deps.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', paymentIntent)
      .executeTakeFirst();
    expect(order?.status).toBe('refunded');
    expect(await accessOf(couple.coupleId)).toBe('full');

    await admin.adminFacilitators.refundPack({ packId: first.id, revokeAccess: true });
    expect(await accessOf(couple.coupleId)).toBe('trial');
  });
});

describe('a card pack refunded in Stripe', () => {
  it('ends its seats even when its Checkout Session was sent to /api/payments/return', async () => {
    const facilitator = await newFacilitator(t);
    const cohort = await facilitator.caller.facilitator.createCohort({ name: 'Return trick' });
    const { url } = await facilitator.caller.facilitator.buySeats({ cohortId: cohort.id, seats: 3 });
    const sessionId = [...double.sessions.values()].find((s) => s.url === url)!.id;
    const paid = await double.pay(sessionId); // no webhook URL: the event is sent below
    await webhook('checkout.session.completed', { ...paid });
    const [pack] = await facilitator.caller.facilitator.packs();
    expect(pack).toMatchObject({ status: 'active', seatsLeft: 3 });

    // The facilitator opens the buyer's return address with the session id of their own checkout
    // page: it is no course order, and must not stand in for one.
    const back = await t.app.inject({ method: 'GET', url: `/api/payments/return?session_id=${sessionId}` });
    expect(back.statusCode).toBe(404);
    const orders = await t.deps.db
      .selectFrom('orders')
      .select('id')
      .where('id', '=', String(paid.payment_intent))
      .execute();
    expect(orders).toEqual([]);

    // The seller refunds the pack's payment in Stripe's dashboard: its unused seats end.
    await webhook('charge.refunded', {
      id: 'ch_pack_return',
      object: 'charge',
      refunded: true,
      payment_intent: paid.payment_intent,
    });
    const [after] = await facilitator.caller.facilitator.packs();
    expect(after).toMatchObject({ status: 'refunded', seatsLeft: 0 });
    const couple = await createCouple(t.deps, { accessLevel: 'trial' });
    const coupleCaller = await callerFor(t, await sessionCookie(t.deps, couple.accountId));
    await expect(coupleCaller.mentor.link({ code: pack!.code! })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await accessOf(couple.coupleId)).toBe('trial');
  });
});
