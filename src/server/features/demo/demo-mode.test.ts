import { afterEach, describe, expect, it } from 'vitest';
import { callerFor, createTestApp, restartTestApp, type TestApp } from '../../test/harness';
import { cookieFrom } from '../auth/test-support';
import { createOrder } from '../orders/service';
import { DEMO_ORDER_COMPLETED, DEMO_ORDER_PENDING } from './seed';

/**
 * Issue 19, finding 4: switching demo mode off must close the demo, whose way in (the demo code)
 * and sample order ids are public.
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const DEMO_ON = { DEMO_MODE: 'true' };
const DEMO_OFF = { DEMO_MODE: 'false' };
const SAMPLE_ORDER_PATHS = [
  `/api/order/${DEMO_ORDER_COMPLETED}`,
  `/api/order/${DEMO_ORDER_PENDING}`,
  `/api/download-workbook/${DEMO_ORDER_COMPLETED}`,
  `/api/download-workbook/${DEMO_ORDER_COMPLETED}/pdf`,
];

async function signInDemo(app: TestApp) {
  return app.app.inject({
    method: 'POST',
    url: '/api/customer-auth/login',
    payload: { email: app.config.demoEmail, accessCode: app.config.demoAccessCode },
  });
}

function session(app: TestApp, cookie: string) {
  return app.app.inject({ url: '/api/session', headers: { cookie } });
}

describe('demo mode switched off after it was on', () => {
  it('ends the demo sessions at start-up and hides the sample orders; switched on again, both come back', async () => {
    t = await createTestApp(DEMO_ON);
    const demoIn = await signInDemo(t);
    expect(demoIn.statusCode).toBe(200);
    const cookie = cookieFrom(demoIn.headers['set-cookie']);
    expect((await session(t, cookie)).statusCode).toBe(200);
    // The workbook PDF may still be being built (202, decision 0121): the order answers either way.
    for (const url of SAMPLE_ORDER_PATHS) expect([200, 202], url).toContain((await t.app.inject({ url })).statusCode);

    t = await restartTestApp(t, DEMO_OFF);
    expect((await session(t, cookie)).statusCode).toBe(401);
    for (const url of SAMPLE_ORDER_PATHS) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: 'Order not found' });
    }
    const caller = await callerFor(t);
    await expect(caller.orders.get({ paymentIntentId: DEMO_ORDER_COMPLETED })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(caller.orders.downloadWorkbook({ paymentIntentId: DEMO_ORDER_COMPLETED })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await signInDemo(t)).statusCode).toBe(401);

    t = await restartTestApp(t, DEMO_ON);
    expect((await t.app.inject({ url: `/api/order/${DEMO_ORDER_COMPLETED}` })).statusCode).toBe(200);
    expect((await signInDemo(t)).statusCode).toBe(200);
  });

  it('hides the pending sample order of a database seeded before it belonged to the demo couple', async () => {
    t = await createTestApp(DEMO_ON);
    // As the seed of earlier versions left it.
    await t.deps.db.updateTable('orders').set({ couple_id: null }).where('id', '=', DEMO_ORDER_PENDING).execute();
    t = await restartTestApp(t, DEMO_OFF);
    expect((await t.app.inject({ url: `/api/order/${DEMO_ORDER_PENDING}` })).statusCode).toBe(404);
  });

  it("keeps other couples' sessions and orders", async () => {
    t = await createTestApp(DEMO_ON);
    const order = await createOrder(t.deps, { email: 'buyer@example.com', firstName: 'Ana', lastName: 'Lima' });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/customer-auth/login',
      payload: { email: 'buyer@example.com', accessCode: order.accessCode },
    });
    const cookie = cookieFrom(signIn.headers['set-cookie']);
    const pending = await createOrder(t.deps, {
      email: 'later@example.com',
      firstName: 'Bo',
      lastName: 'Kim',
      status: 'pending',
    });

    t = await restartTestApp(t, DEMO_OFF);
    expect((await session(t, cookie)).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/order/${order.orderId}` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/order/${pending.orderId}` })).statusCode).toBe(200);
  });
});

describe('the demo email', () => {
  it('is refused for an order, so no order can open or upgrade the demo account', async () => {
    t = await createTestApp(DEMO_OFF);
    await expect(
      createOrder(t.deps, { email: t.config.demoEmail.toUpperCase(), firstName: 'A', lastName: 'B' }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/reserved for the demo account \(DEMO_EMAIL\)/),
    });
  });
});
