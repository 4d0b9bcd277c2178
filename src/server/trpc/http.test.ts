import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPC_MAX_BATCH_SIZE } from '../../shared/constants';
import { DEFAULT_BODY_LIMIT, WORKBOOK_BODY_LIMIT } from '../http/body-limits';
import { createCouple, createTestApp, sessionCookie, type TestApp } from '../test/harness';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const couple = await createCouple(t.deps, { accessLevel: 'trial' });
  cookie = await sessionCookie(t.deps, couple.accountId);
});

afterAll(async () => {
  await t.close();
});

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** What the web client relies on at /api/trpc beyond each procedure's own tests (tRPC's Fastify adapter). */
describe('tRPC over HTTP', () => {
  it('answers the dashboard batch with every result', async () => {
    const paths = 'auth.check,profile.get,progress.progression';
    const res = await t.app.inject({ url: `/api/trpc/${paths}?batch=1&input=${input({})}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toHaveLength(3);
  });

  it('refuses a batch of more procedures than the limit with 400, running none of them', async () => {
    const oversized = Array.from({ length: TRPC_MAX_BATCH_SIZE + 1 }, () => 'auth.check').join(',');
    const res = await t.app.inject({ url: `/api/trpc/${oversized}?batch=1&input=${input({})}` });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toMatch(/Batch call exceeds maximum size/);
    const atTheLimit = Array.from({ length: TRPC_MAX_BATCH_SIZE }, () => 'auth.check').join(',');
    expect((await t.app.inject({ url: `/api/trpc/${atTheLimit}?batch=1&input=${input({})}` })).statusCode).toBe(200);
  });

  it('takes a body up to the workbook limit and refuses a larger one with 413', async () => {
    const post = (bytes: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/trpc/contact.send',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ padding: 'x'.repeat(bytes) }),
      });
    // Over the app's default limit but within the workbook's: tRPC answers it (here: invalid input).
    expect((await post(DEFAULT_BODY_LIMIT + 1024)).statusCode).toBe(400);
    expect((await post(WORKBOOK_BODY_LIMIT + 1024)).statusCode).toBe(413);
  });
});
