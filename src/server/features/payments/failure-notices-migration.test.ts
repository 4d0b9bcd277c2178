import { describe, expect, it } from 'vitest';
import { migrations } from '../../../../db/migrations/index';
import { migrateToLatest } from '../../db/migrate';
import { databaseBefore } from '../../test/migrations';

/*
 * A session's notes: the migration that made failure notices claimable once (decision 0365) also
 * claims the payments already told, from their recorded failure events, and nothing tested it: a
 * payment told before would have been told again by its next failure event.
 */
const MIGRATION = '2026-11-28T0365-payment-failure-notices';

describe(`migration ${MIGRATION}`, () => {
  it('claims each payment whose failure event was recorded, at its first such event, and no other', async () => {
    const { db } = await databaseBefore(MIGRATION);
    const event = (id: string, type: string, paymentIntent: string | null, receivedAt: string) =>
      db
        .insertInto('payment_events')
        .values({ id, type, payment_intent: paymentIntent, received_at: receivedAt })
        .execute();
    await event('evt_1', 'checkout.session.async_payment_failed', 'pi_told_twice', '2026-11-27T10:00:00.000Z');
    await event('evt_2', 'checkout.session.async_payment_failed', 'pi_told_twice', '2026-11-27T09:00:00.000Z');
    await event('evt_3', 'checkout.session.async_payment_failed', 'pi_told_once', '2026-11-27T11:00:00.000Z');
    await event('evt_4', 'checkout.session.async_payment_succeeded', 'pi_paid', '2026-11-27T12:00:00.000Z');
    await event('evt_5', 'checkout.session.completed', 'pi_told_once', '2026-11-27T08:00:00.000Z');
    await event('evt_6', 'checkout.session.async_payment_failed', null, '2026-11-27T13:00:00.000Z');

    await migrateToLatest(db, migrations);
    const claimed = await db
      .selectFrom('payment_failure_notices')
      .select(['payment_intent', 'told_at'])
      .orderBy('payment_intent')
      .execute();
    expect(claimed).toEqual([
      { payment_intent: 'pi_told_once', told_at: '2026-11-27T11:00:00.000Z' },
      { payment_intent: 'pi_told_twice', told_at: '2026-11-27T09:00:00.000Z' },
    ]);
  });
});
