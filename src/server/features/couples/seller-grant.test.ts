import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrations } from '../../../../db/migrations/index';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { migrateToLatest } from '../../db/migrate';
import { openPostgres } from '../../db/postgres';
import {
  accessLevelOf,
  adminCookie,
  callerFor,
  createCouple,
  makeTempDir,
  sessionCookie,
  useTestApp,
} from '../../test/harness';
import { createTestDatabase } from '../../test/postgres';
import { completedSession, injectSignedEvent, randomStripeId } from '../../test/stripe-double';
import { newFacilitator } from '../facilitators/test-support';

/*
 * A session's notes: a couple the seller granted full access from the back office went back to the
 * trial when an order of theirs was refunded (in the back office or in Stripe): the refund rule
 * counted their orders and seats, not the seller's grant, which was only a line of the audit log.
 * The grant is a fact on the couple now (decision 0358), and every refund rule counts it.
 */

const WEBHOOK_SECRET = 'whsec_sellergrant';
// Card payments on, so Stripe's own events can arrive; no call goes to Stripe.
const t = useTestApp({
  PUBLIC_URL: 'https://course.example.com',
  STRIPE_SECRET_KEY: 'sk_test_sellergrant',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: 'http://127.0.0.1:9',
  // The seller records orders for couples who have accounts: their codes go by email (decision 0369).
  SMTP_URL: 'smtp://mail.example.com',
});

const admin = async () => callerFor(t, await adminCookie(t.deps));

async function grantedCouple() {
  const couple = await createCouple(t.deps, { accessLevel: 'trial' });
  await (await admin()).adminCouples.grantFullAccess({ coupleId: couple.coupleId });
  expect(await accessLevelOf(t.deps, couple.coupleId)).toBe('full');
  return couple;
}

const sourcesOf = async (coupleId: number) => (await (await admin()).adminCouples.get({ coupleId })).accessSources;

describe('the seller’s grant keeps a couple’s full access through a refund', () => {
  it('of an order refunded in the back office', async () => {
    const couple = await grantedCouple();
    const seller = await admin();
    const order = await seller.adminOrders.record({ email: couple.email, firstName: 'Robin', lastName: 'Lee' });

    expect(await seller.adminOrders.refund({ orderId: order.orderId })).toMatchObject({
      changed: true,
      accessDropped: false,
      accessLevel: 'full',
    });
    expect(await accessLevelOf(t.deps, couple.coupleId)).toBe('full');
    // The couple's page still names the grant (and no longer the refunded order).
    expect(await sourcesOf(couple.coupleId)).toEqual([
      { kind: 'granted', by: expect.any(String), at: expect.any(String) },
    ]);
  });

  it('of an order refunded in Stripe, whose audit line then says nobody went back to the trial', async () => {
    const couple = await grantedCouple();
    const paymentIntent = randomStripeId('pi_');
    const webhook = async (type: string, object: Record<string, unknown>) =>
      expect(await injectSignedEvent(t.app, WEBHOOK_SECRET, type, object)).toBe(200);
    await webhook(
      'checkout.session.completed',
      completedSession({
        payment_intent: paymentIntent,
        customer_details: { email: couple.email },
        metadata: { firstName: 'Robin', lastName: 'Lee' },
      }),
    );

    await webhook('charge.refunded', {
      id: randomStripeId('ch_'),
      object: 'charge',
      refunded: true,
      payment_intent: paymentIntent,
    });
    expect(await accessLevelOf(t.deps, couple.coupleId)).toBe('full');
    const log = await (await admin()).insights.auditLog({ page: 1 });
    expect(log.items.find((item) => item.action === 'order.refund-in-stripe')).toMatchObject({
      target: `order ${paymentIntent}`,
    });
  });

  it('of a seat pack refunded with “end their access”', async () => {
    const facilitator = await newFacilitator(t);
    await facilitator.caller.facilitator.createCohort({ name: 'Granted' });
    const seller = await admin();
    const pack = await seller.adminFacilitators.grantPack({ facilitatorId: facilitator.id, seats: 2 });
    const couple = await createCouple(t.deps, { accessLevel: 'trial' });
    await (await callerFor(t, await sessionCookie(t.deps, couple.accountId))).mentor.link({ code: pack.code });
    // The seat upgraded them; the seller's grant is on record too (as the migration keeps an older one).
    await t.deps.db
      .updateTable('couples')
      .set({ access_granted_at: new Date().toISOString(), access_granted_by: 'owner' })
      .where('id', '=', couple.coupleId)
      .execute();

    await seller.adminFacilitators.refundPack({ packId: pack.id, revokeAccess: true });
    expect(await accessLevelOf(t.deps, couple.coupleId)).toBe('full');
  });

  it('but a couple without a grant still goes back to the trial', async () => {
    const couple = await createCouple(t.deps, { accessLevel: 'trial' });
    const seller = await admin();
    const order = await seller.adminOrders.record({ email: couple.email, firstName: 'Robin', lastName: 'Lee' });
    expect(await seller.adminOrders.refund({ orderId: order.orderId })).toMatchObject({ accessDropped: true });
    expect(await accessLevelOf(t.deps, couple.coupleId)).toBe('trial');
  });
});

const MIGRATION = '2026-11-28T0358-full-access-grants';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A database (PostgreSQL on the server-pg project, else a SQLite file) as the migrations before MIGRATION left it. */
async function databaseBefore(): Promise<DatabaseHandle> {
  const postgres = await createTestDatabase({ empty: true });
  let handle: DatabaseHandle;
  if (postgres) {
    closers.push(postgres.drop);
    handle = await openPostgres(postgres.url, { poolSize: 2 });
  } else {
    handle = openDatabase(path.join(makeTempDir(), 'app.sqlite'));
  }
  closers.push(() => handle.db.destroy());
  const names = Object.keys(migrations);
  expect(names).toContain(MIGRATION);
  await migrateToLatest(handle.db, Object.fromEntries(Object.entries(migrations).slice(0, names.indexOf(MIGRATION))));
  return handle;
}

describe(`migration ${MIGRATION}`, () => {
  it('keeps the newest grant of the audit log on each couple who has full access now', async () => {
    const { db } = await databaseBefore();
    const couple = async (accessLevel: 'trial' | 'full') =>
      (
        await db
          .insertInto('couples')
          .values({ access_level: accessLevel, created_at: '2026-11-01T00:00:00.000Z' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const line = (action: string, target: string, actor: string, at: string) =>
      db
        .insertInto('admin_audit_log')
        .values({ actor_account_id: null, actor_username: actor, action, target, address: null, created_at: at })
        .execute();
    const granted = await couple('full');
    const grantedTwice = await couple('full');
    const refundedSince = await couple('trial');
    const bought = await couple('full');
    await line('couple.grant-full-access', `couple ${granted}`, 'owner', '2026-11-02T10:00:00.000Z');
    await line('couple.grant-full-access', `couple ${grantedTwice}`, 'first-admin', '2026-11-02T10:00:00.000Z');
    await line('couple.grant-full-access', `couple ${grantedTwice}`, 'second-admin', '2026-11-05T10:00:00.000Z');
    await line('couple.grant-full-access', `couple ${refundedSince}`, 'owner', '2026-11-03T10:00:00.000Z');
    await line('couple.issue-code', `couple ${bought}`, 'owner', '2026-11-03T10:00:00.000Z');

    await migrateToLatest(db, migrations);
    const rows = await db
      .selectFrom('couples')
      .select(['id', 'access_level', 'access_granted_at', 'access_granted_by'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: granted, access_level: 'full', access_granted_at: '2026-11-02T10:00:00.000Z', access_granted_by: 'owner' },
      {
        id: grantedTwice,
        access_level: 'full',
        access_granted_at: '2026-11-05T10:00:00.000Z',
        access_granted_by: 'second-admin',
      },
      { id: refundedSince, access_level: 'trial', access_granted_at: null, access_granted_by: null },
      { id: bought, access_level: 'full', access_granted_at: null, access_granted_by: null },
    ]);
  });
});
