import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, callerFor, createCouple, createTestApp, sessionCookie, type TestApp } from '../../test/harness';
import { signedEvent, startStripeDouble, type StripeDouble } from '../../test/stripe-double';
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
  });
});
afterAll(async () => {
  await t?.close();
  await double?.close();
});

async function accessOf(coupleId: number) {
  const row = await t.deps.db
    .selectFrom('couples')
    .select('access_level')
    .where('id', '=', coupleId)
    .executeTakeFirstOrThrow();
  return row.access_level;
}

async function webhook(type: string, object: Record<string, unknown>) {
  const event = signedEvent(SECRET, type, object);
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    payload: event.payload,
  });
  expect(answer.statusCode).toBe(200);
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
