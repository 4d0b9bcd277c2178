import { describe, expect, it } from 'vitest';
import { adminCookie, callerFor, useTestApp } from '../../test/harness';

/*
 * Coupon codes are words a seller chooses ("SPRING20"): whatever looks one up by what a visitor
 * types has a budget per address (decision 0240), the checkouts as well as the quote, so a code
 * that makes the course free cannot be found by trying a dictionary at checkout.
 */

// No card payments: a checkout with a code is still looked up (a 100 % code completes without Stripe).
const t = useTestApp();

function post(path: string, input: unknown, remoteAddress: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/trpc/${path}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(input),
    remoteAddress,
  });
}

const buyer = (couponCode: string) => ({
  email: 'guesser@example.com',
  firstName: 'Gus',
  lastName: 'Guesser',
  couponCode,
});

const gift = (couponCode: string) => ({
  buyerName: 'Gus',
  buyerEmail: 'guesser@example.com',
  coupleNames: 'Ana & Ben',
  coupleEmail: 'ana.ben@example.com',
  couponCode,
});

describe('guessing coupon codes at checkout', () => {
  it('answers 429 once an address has tried 30 unknown codes in a minute through payments.startCheckout', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push((await post('payments.startCheckout', buyer(`GUESS${i}`), '10.77.0.1')).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(statuses[30]).toBe(429);

    // The seller's real free code is not found from that address any more; another address is unaffected.
    const admin = await callerFor(t, await adminCookie(t.deps));
    await admin.adminCoupons.create({ code: 'FREEWEEKS', kind: 'percent', amount: 100 });
    expect((await post('payments.startCheckout', buyer('FREEWEEKS'), '10.77.0.1')).statusCode).toBe(429);
    expect((await post('payments.startCheckout', buyer('NOPE'), '10.77.0.2')).statusCode).toBe(404);
  });

  it('counts unknown codes tried through payments.startGiftCheckout the same way', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push((await post('payments.startGiftCheckout', gift(`GIFTGUESS${i}`), '10.77.0.3')).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('does not count a checkout whose code was good: a buyer may start again', async () => {
    const admin = await callerFor(t, await adminCookie(t.deps));
    await admin.adminCoupons.create({ code: 'ALLFREE', kind: 'percent', amount: 100 });
    for (let i = 0; i < 35; i += 1) {
      const answer = await post(
        'payments.startCheckout',
        { ...buyer('ALLFREE'), email: `free${i}@example.com` },
        '10.77.0.4',
      );
      expect(answer.statusCode).toBe(200);
    }
  });
});
