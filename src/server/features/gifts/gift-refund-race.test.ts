import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { adminCookie, callerFor, useTestApp } from '../../test/harness';
import { onPostgres } from '../../test/postgres';
import { GIFT_REFUNDED } from './service';

/*
 * A refund and the opening of the same unopened gift at the same moment (security review, defect
 * 2): both read the gift as unopened, so the refund voided it (nobody's access changed) while the
 * opening gave the couple full access from a refunded order. The two are now taken one after the
 * other on the gift's row (decision 0314): a refund first voids the gift and the opening that
 * follows is refused (409); an opening first makes the refund that follows a refund of an opened
 * gift, which takes the couple's access back, as the refund rule says.
 */

const t = useTestApp();
let sequence = 0;

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A gift paid by an order recorded by hand (no Stripe): unopened, its email queued. */
async function unopenedGift() {
  sequence += 1;
  const admin = await callerFor(t, await adminCookie(t.deps));
  const coupleEmail = `race-couple${sequence}-${Date.now()}@example.com`;
  const { giftId } = await admin.adminGifts.record({
    buyerName: 'Aunt Marisol',
    buyerEmail: `race-aunt${sequence}@example.com`,
    coupleNames: 'Lucía & Tomás',
    coupleEmail,
    message: 'With love.',
    sendAt: null,
    amount: 4900,
  });
  const row = await t.deps.db
    .selectFrom('gifts')
    .select(['redeem_code', 'order_id'])
    .where('id', '=', giftId)
    .executeTakeFirstOrThrow();
  return { admin, giftId, code: row.redeem_code, orderId: row.order_id!, coupleEmail };
}

type Gift = Awaited<ReturnType<typeof unopenedGift>>;

const redeem = async (gift: Gift) => (await callerFor(t)).gifts.redeem({ code: gift.code });
const refund = (gift: Gift) => gift.admin.adminOrders.refund({ orderId: gift.orderId });

/** What the gift, its order and the couple's access ended as. */
async function endState(gift: Gift) {
  const row = await t.deps.db
    .selectFrom('gifts')
    .innerJoin('orders', 'orders.id', 'gifts.order_id')
    .select(['gifts.redeemed_at as redeemedAt', 'orders.status as orderStatus'])
    .where('gifts.id', '=', gift.giftId)
    .executeTakeFirstOrThrow();
  const couple = await t.deps.db
    .selectFrom('accounts')
    .innerJoin('couples', 'couples.id', 'accounts.couple_id')
    .select('couples.access_level as accessLevel')
    .where('accounts.email', '=', gift.coupleEmail)
    .executeTakeFirst();
  return { opened: row.redeemedAt !== null, orderStatus: row.orderStatus, access: couple?.accessLevel ?? null };
}

/** The refund won: the gift is void, the opening refused with 409, nobody has access from it. */
async function expectRefundWon(gift: Gift, refunded: Awaited<ReturnType<typeof refund>>, opening: unknown) {
  expect(refunded).toMatchObject({ changed: true, giftVoided: true, accessDropped: false });
  expect(opening).toMatchObject({ code: 'CONFLICT', message: GIFT_REFUNDED });
  expect(await endState(gift)).toEqual({ opened: false, orderStatus: 'refunded', access: null });
}

/** The opening won: the refund that followed is an opened gift's, which takes the access back. */
async function expectOpeningWon(gift: Gift, refunded: Awaited<ReturnType<typeof refund>>, opening: unknown) {
  expect(opening).toEqual({ outcome: 'created', email: gift.coupleEmail });
  expect(refunded).toMatchObject({ changed: true, giftVoided: false, accessDropped: true, accessLevel: 'trial' });
  expect(await endState(gift)).toEqual({ opened: true, orderStatus: 'refunded', access: 'trial' });
}

describe('a refund and the opening of the same unopened gift', () => {
  it('refund first: the gift is void and the opening is refused (409)', async () => {
    const gift = await unopenedGift();
    const refunded = await refund(gift);
    const opening = await redeem(gift).catch((error: unknown) => error);
    await expectRefundWon(gift, refunded, opening);
  });

  it('opening first: the refund that follows takes the couple’s access back', async () => {
    const gift = await unopenedGift();
    const opening = await redeem(gift);
    const refunded = await refund(gift);
    await expectOpeningWon(gift, refunded, opening);
  });

  it('both at once: exactly one of the two outcomes, never a refunded gift that opened the course', async () => {
    const gift = await unopenedGift();
    const [opening, refunded] = await Promise.all([redeem(gift).catch((error: unknown) => error), refund(gift)]);
    if (refunded.giftVoided) await expectRefundWon(gift, refunded, opening);
    else await expectOpeningWon(gift, refunded, opening);
  });
});

/*
 * On PostgreSQL the two transactions really run side by side. A test connection holds the gift's
 * row while the two start, so each is seen waiting in the order chosen; then it lets go. (On SQLite
 * the app's transactions run one at a time, which the tests above cover.)
 */
describe.runIf(onPostgres())('a refund and an opening of the same gift side by side on PostgreSQL', () => {
  async function holdGiftRow(gift: Gift) {
    const client = new pg.Client(t.config.databaseUrl);
    await client.connect();
    closers.push(() => client.end());
    await client.query('begin');
    await client.query('select id from gifts where id = $1 for update', [gift.giftId]);
    const waiting = async () =>
      Number(
        (
          await client.query(
            "select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
          )
        ).rows[0].n,
      );
    return {
      /** Resolves once `count` transactions wait on a lock, or `settled` says one finished instead. */
      async untilWaiting(count: number, settled: () => boolean = () => false) {
        const deadline = Date.now() + 10_000;
        while (!settled() && (await waiting()) < count) {
          if (Date.now() > deadline) throw new Error(`never ${count} waiting on a lock`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      },
      release: () => client.query('commit'),
    };
  }

  function track<T>(promise: Promise<T>) {
    const state = { settled: false };
    const tracked = promise.finally(() => {
      state.settled = true;
    });
    return { promise: tracked, state };
  }

  it('the opening read the gift first: the refund waits for it, then takes the couple’s access back', async () => {
    const gift = await unopenedGift();
    const held = await holdGiftRow(gift);
    const opening = track(redeem(gift).catch((error: unknown) => error));
    await held.untilWaiting(1, () => opening.state.settled);
    const refunded = track(refund(gift));
    // Before the fix the refund did not wait: it voided the gift while the opening was under way.
    await held.untilWaiting(2, () => refunded.state.settled || opening.state.settled);
    await held.release();
    await expectOpeningWon(gift, await refunded.promise, await opening.promise);
  });

  it('the refund came first: the opening waits for it, then is refused (409)', async () => {
    const gift = await unopenedGift();
    const held = await holdGiftRow(gift);
    const refunded = track(refund(gift));
    await held.untilWaiting(1, () => refunded.state.settled);
    const opening = track(redeem(gift).catch((error: unknown) => error));
    await held.untilWaiting(2, () => refunded.state.settled || opening.state.settled);
    await held.release();
    await expectRefundWon(gift, await refunded.promise, await opening.promise);
  });
});
