import { beforeEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../deps/app-deps';
import { adminCookie, callerFor, createCouple, sessionCookie, useTestApp } from '../../test/harness';
import { addOrder } from '../orders/test-support';
import { recordAdminAction } from '../audit/service';
import { getOverview } from './service';

const t = useTestApp();

const NOW = Date.parse('2026-11-23T12:00:00.000Z');
const daysAgo = (days: number, extraMs = 0) => new Date(NOW - days * 86_400_000 + extraMs).toISOString();

/** A couple created `days` ago; with `order`, a completed order of its own at `orderDays` ago. */
async function coupleCreated(deps: AppDeps, days: number) {
  const couple = await createCouple(deps, { accessLevel: 'trial' });
  await deps.db
    .updateTable('couples')
    .set({ created_at: daysAgo(days) })
    .where('id', '=', couple.coupleId)
    .execute();
  return couple;
}

async function orderAt(deps: AppDeps, days: number, options: Parameters<typeof addOrder>[1] = {}, extraMs = 0) {
  const order = await addOrder(deps, options);
  await deps.db
    .updateTable('orders')
    .set({ created_at: daysAgo(days, extraMs) })
    .where('id', '=', order.id)
    .execute();
  return order;
}

async function progressAt(
  deps: AppDeps,
  coupleId: number,
  week: number,
  values: { completedDays?: number | null; updatedDays: number; rating?: number | null; notes?: string },
) {
  await deps.db
    .insertInto('progress')
    .values({
      couple_id: coupleId,
      week_number: week,
      rating: values.rating ?? null,
      notes: values.notes ?? '',
      completed_at: values.completedDays == null ? null : daysAgo(values.completedDays),
      updated_at: daysAgo(values.updatedDays),
    })
    .execute();
}

beforeEach(async () => {
  for (const table of ['progress', 'workbook_responses', 'orders', 'sessions', 'admin_audit_log'] as const)
    await t.deps.db.deleteFrom(table).execute();
  await t.deps.db.deleteFrom('couples').execute();
});

describe('the admin overview', () => {
  it('says a new installation has no couples and counts nothing', async () => {
    const overview = await getOverview(t.deps, NOW);
    expect(overview.hasCouples).toBe(false);
    expect(overview.trialsStarted).toBe(0);
    expect(overview.revenue).toEqual({ grossCents: 0, refundedCents: 0, netCents: 0 });
    expect(overview.conversion.rate).toBeNull();
    expect(overview.activeCouples.count).toBe(0);
    expect(overview.weeks).toHaveLength(52);
    expect(overview.weeks.every((week) => week.completed === 0 && week.averageRating === null)).toBe(true);
    expect(overview.currency).toBe('usd');
  });

  it('shows revenue in the configured CURRENCY', async () => {
    const config = { ...t.deps.config, payments: { ...t.deps.config.payments, currency: 'eur' } };
    expect((await getOverview({ ...t.deps, config }, NOW)).currency).toBe('eur');
  });

  it('counts trials started in the last 30 days, not accounts an order created', async () => {
    await coupleCreated(t.deps, 1);
    await coupleCreated(t.deps, 29);
    await coupleCreated(t.deps, 31); // too old
    const bought = await coupleCreated(t.deps, 2); // created by its own order: never a trial
    await orderAt(t.deps, 2, { coupleId: bought.coupleId }, 5);
    const converted = await coupleCreated(t.deps, 10); // a trial that paid later is still a trial started
    await orderAt(t.deps, 3, { coupleId: converted.coupleId });

    const overview = await getOverview(t.deps, NOW);
    expect(overview.hasCouples).toBe(true);
    expect(overview.trialsStarted).toBe(3);
  });

  it('sums orders and revenue of the last 30 days: paid minus refunded, pending left out', async () => {
    await orderAt(t.deps, 1, { amount: 4900 });
    await orderAt(t.deps, 20, { amount: 3900 });
    await orderAt(t.deps, 5, { amount: 4900, status: 'refunded' });
    await orderAt(t.deps, 2, { amount: 4900, status: 'pending' });
    await orderAt(t.deps, 40, { amount: 4900 }); // too old

    const overview = await getOverview(t.deps, NOW);
    expect(overview.orders).toEqual({ completed: 2, refunded: 1 });
    expect(overview.revenue).toEqual({ grossCents: 13_700, refundedCents: 4900, netCents: 8800 });
  });

  it('converts: of the trials started in 90 days, the share that has a completed order now', async () => {
    const paid = await coupleCreated(t.deps, 80);
    await orderAt(t.deps, 70, { coupleId: paid.coupleId });
    const refunded = await coupleCreated(t.deps, 60);
    await orderAt(t.deps, 50, { coupleId: refunded.coupleId, status: 'refunded' });
    await coupleCreated(t.deps, 5);
    await coupleCreated(t.deps, 1);
    const tooOld = await coupleCreated(t.deps, 100);
    await orderAt(t.deps, 95, { coupleId: tooOld.coupleId });

    const { conversion } = await getOverview(t.deps, NOW);
    expect(conversion).toEqual({ days: 90, trials: 4, paid: 1, rate: 0.25 });
  });

  it('counts couples active in the last 7 days by progress, workbook answers or a sign-in, each once', async () => {
    const byProgress = await coupleCreated(t.deps, 100);
    await progressAt(t.deps, byProgress.coupleId, 1, { updatedDays: 2 });
    await progressAt(t.deps, byProgress.coupleId, 2, { updatedDays: 1 });
    const byAnswers = await coupleCreated(t.deps, 100);
    await t.deps.db
      .insertInto('workbook_responses')
      .values({ couple_id: byAnswers.coupleId, week_number: 1, partner: 'partner1', updated_at: daysAgo(6) })
      .execute();
    const bySignIn = await coupleCreated(t.deps, 100);
    await sessionCookie(t.deps, bySignIn.accountId);
    await t.deps.db
      .updateTable('sessions')
      .set({ created_at: daysAgo(3) })
      .where('account_id', '=', bySignIn.accountId)
      .execute();
    const idle = await coupleCreated(t.deps, 100);
    await progressAt(t.deps, idle.coupleId, 1, { updatedDays: 8 });
    // The administrator's sign-in is nobody's activity.
    await adminCookie(t.deps);

    const overview = await getOverview(t.deps, NOW);
    // The three couples count once each; the idle one and the admin not at all.
    expect(overview.activeCouples).toEqual({ days: 7, count: 3 });
  });

  it('draws the drop-off curve: couples that completed each week, and their mean rating', async () => {
    const a = await coupleCreated(t.deps, 100);
    const b = await coupleCreated(t.deps, 100);
    const c = await coupleCreated(t.deps, 100);
    for (const couple of [a, b, c])
      await progressAt(t.deps, couple.coupleId, 1, { completedDays: 50, updatedDays: 50, rating: 4 });
    await progressAt(t.deps, a.coupleId, 2, { completedDays: 40, updatedDays: 40, rating: 5 });
    await progressAt(t.deps, b.coupleId, 2, { completedDays: 40, updatedDays: 40, rating: 2 });
    await progressAt(t.deps, c.coupleId, 2, { completedDays: 40, updatedDays: 40 });
    await progressAt(t.deps, a.coupleId, 3, { completedDays: 30, updatedDays: 30 });
    // Rated or noted but not completed: not on the curve.
    await progressAt(t.deps, b.coupleId, 3, { updatedDays: 30, rating: 1, notes: 'private words' });

    const { weeks } = await getOverview(t.deps, NOW);
    expect(weeks.slice(0, 4)).toEqual([
      { weekNumber: 1, completed: 3, ratings: 3, averageRating: 4 },
      { weekNumber: 2, completed: 3, ratings: 2, averageRating: 3.5 },
      { weekNumber: 3, completed: 1, ratings: 0, averageRating: null },
      { weekNumber: 4, completed: 0, ratings: 0, averageRating: null },
    ]);
    expect(JSON.stringify(weeks)).not.toContain('private words');
  });
});

describe('the overview procedures', () => {
  it('answer 401 to anonymous visitors and 403 to couples, through createCaller', async () => {
    const anonymous = await callerFor(t);
    await expect(anonymous.insights.overview()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(anonymous.insights.auditLog({ page: 1 })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const couple = await createCouple(t.deps);
    const asCouple = await callerFor(t, await sessionCookie(t.deps, couple.accountId));
    await expect(asCouple.insights.overview()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(asCouple.insights.auditLog({ page: 1 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('answer 401 and 403 over HTTP, and the admin gets the aggregates', async () => {
    const get = (path: string, cookie?: string) =>
      t.app.inject({ method: 'GET', url: `/api/trpc/${path}`, headers: cookie ? { cookie } : {} });
    expect((await get('insights.overview')).statusCode).toBe(401);
    const couple = await createCouple(t.deps);
    expect((await get('insights.overview', await sessionCookie(t.deps, couple.accountId))).statusCode).toBe(403);
    const res = await get('insights.overview', await adminCookie(t.deps));
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data).toMatchObject({ hasCouples: true, weeks: expect.any(Array) });
  });

  it('pages through the audit log, newest first, and refuses a bad page', async () => {
    const admin = await t.deps.db
      .selectFrom('accounts')
      .select('id')
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    const auth = { kind: 'admin', accountId: admin.id, sessionId: 0, expiresAt: 0 } as const;
    for (let i = 1; i <= 25; i += 1)
      await recordAdminAction(t.deps.db, auth, 'site-page.save', { target: `thing ${i}`, address: '203.0.113.5' });
    const asAdmin = await callerFor(t, await adminCookie(t.deps));
    const first = await asAdmin.insights.auditLog({ page: 1 });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({
      actorUsername: 'admin',
      action: 'site-page.save',
      target: 'thing 25',
      address: '203.0.113.5',
    });
    expect(first.hasMore).toBe(true);
    const second = await asAdmin.insights.auditLog({ page: 2 });
    expect(second.items.map((item) => item.target)).toEqual(['thing 5', 'thing 4', 'thing 3', 'thing 2', 'thing 1']);
    expect(second.hasMore).toBe(false);
    await expect(asAdmin.insights.auditLog({ page: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
