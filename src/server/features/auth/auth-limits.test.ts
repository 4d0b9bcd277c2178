import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSamplePdf } from '../demo/seed';
import { storeFrameworkPdf } from '../frameworks/test-support';
import { adminCookie, createCouple, createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../test/harness';
import { HASHING_BUSY } from '../../deps/hash-slots';
import { createCoupleWithAccessCode, storeCodeAsScryptHash, uniqueUsername } from './test-support';

// Real sign-ups and the admin use full-cost scrypt (about 0.4 s each, more on a busy machine).
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

function post(app: TestApp, url: string, payload: Record<string, unknown>, ip = '203.0.113.1') {
  return app.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
}

function expectTooMany(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({
    success: false,
    message: expect.stringMatching(/try again in \d+ (seconds|minutes)/),
    retryAfterSeconds: expect.any(Number),
  });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('failed sign-in limits (docs/product.md#rate-limits)', () => {
  it('blocks an account name after its failed sign-ins, even with the right password, in any case', async () => {
    t = await createTestApp({ RATE_LIMIT_SIGNIN_PER_ACCOUNT: '3' });
    const username = uniqueUsername('Target');
    await createCouple(t.deps, { username, password: 'secret1' });
    for (let i = 0; i < 3; i += 1) {
      const res = await post(t, '/api/auth/user-login', { username, password: 'wrong' }, `198.51.100.${i}`);
      expect(res.statusCode).toBe(401);
    }
    expectTooMany(await post(t, '/api/auth/user-login', { username: username.toLowerCase(), password: 'secret1' }));
    // The tRPC path spends the same budget.
    const viaTrpc = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/auth.userLogin',
      payload: { username, password: 'secret1' },
    });
    expect(viaTrpc.statusCode).toBe(429);
    expect(Number(viaTrpc.headers['retry-after'])).toBeGreaterThan(0);
    // Another account is not affected.
    const other = uniqueUsername();
    await createCouple(t.deps, { username: other, password: 'secret1' });
    expect((await post(t, '/api/auth/user-login', { username: other, password: 'secret1' })).statusCode).toBe(200);
  });

  it('counts only failures: successful sign-ins never use the budget', async () => {
    t = await createTestApp({ RATE_LIMIT_SIGNIN_PER_ACCOUNT: '2', RATE_LIMIT_SIGNIN_PER_ADDRESS: '2' });
    const username = uniqueUsername();
    await createCouple(t.deps, { username, password: 'secret1' });
    for (let i = 0; i < 4; i += 1) {
      expect((await post(t, '/api/auth/user-login', { username, password: 'secret1' })).statusCode).toBe(200);
    }
  });

  it('blocks a client address after its failed sign-ins across account names', async () => {
    t = await createTestApp({ RATE_LIMIT_SIGNIN_PER_ADDRESS: '3' });
    const usernames = [uniqueUsername(), uniqueUsername(), uniqueUsername()];
    for (const username of usernames) await createCouple(t.deps, { username, password: 'secret1' });
    for (const username of usernames) {
      const res = await post(t, '/api/auth/user-login', { username, password: 'wrong' }, '203.0.113.9');
      expect(res.statusCode).toBe(401);
    }
    expectTooMany(
      await post(t, '/api/auth/login', { username: 'admin', password: TEST_ADMIN_PASSWORD }, '203.0.113.9'),
    );
    // Another address is not affected.
    const other = await post(
      t,
      '/api/auth/user-login',
      { username: usernames[0], password: 'secret1' },
      '203.0.113.10',
    );
    expect(other.statusCode).toBe(200);
  });

  it('limits failed access-code sign-ins per email', async () => {
    t = await createTestApp({ RATE_LIMIT_SIGNIN_PER_ACCOUNT: '2' });
    const couple = await createCoupleWithAccessCode(t.deps);
    for (let i = 0; i < 2; i += 1) {
      const res = await post(
        t,
        '/api/customer-auth/login',
        { email: couple.email, accessCode: 'WRONG-CODE' },
        `198.51.100.${i}`,
      );
      expect(res.statusCode).toBe(401);
    }
    expectTooMany(
      await post(t, '/api/customer-auth/login', { email: couple.email.toUpperCase(), accessCode: couple.accessCode }),
    );
  });

  it('limits registrations per address', async () => {
    t = await createTestApp({ RATE_LIMIT_REGISTER_PER_HOUR: '1' });
    const first = await post(t, '/api/auth/register', {
      username: uniqueUsername(),
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    expect(first.statusCode).toBe(201);
    expectTooMany(
      await post(t, '/api/auth/register', {
        username: uniqueUsername(),
        password: 'secret1',
        confirmPassword: 'secret1',
      }),
    );
  });

  it('counts an attempt when it starts: of a burst of 60 concurrent wrong passwords, only the limit gets 401', async () => {
    // A queue long enough for the whole burst: only the sign-in limit is at work here.
    t = await createTestApp({ PASSWORD_HASH_QUEUE: '100' });
    const username = uniqueUsername('Burst');
    await createCouple(t.deps, { username, password: 'secret1' });
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        post(t!, '/api/auth/user-login', { username, password: `wrong-${i}` }, `198.51.100.${i}`),
      ),
    );
    const statuses = burst.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50);
    for (const res of burst.filter((r) => r.statusCode === 429)) expectTooMany(res);
    // The budget is spent: the right password is refused too.
    expectTooMany(await post(t, '/api/auth/user-login', { username, password: 'secret1' }));
  });

  it('limits a concurrent burst of wrong access codes per email the same way', async () => {
    t = await createTestApp({ RATE_LIMIT_SIGNIN_PER_ACCOUNT: '4', PASSWORD_HASH_QUEUE: '100' });
    const couple = await createCoupleWithAccessCode(t.deps);
    // A code hashed with scrypt before decision 0092: its check takes a while on the thread pool.
    await storeCodeAsScryptHash(t.deps, couple);
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(t!, '/api/customer-auth/login', { email: couple.email, accessCode: `WRONG-${i}` }, `198.51.100.${i}`),
      ),
    );
    expect(burst.filter((res) => res.statusCode === 401)).toHaveLength(4);
    expect(burst.filter((res) => res.statusCode === 429)).toHaveLength(16);
    expectTooMany(await post(t, '/api/customer-auth/login', { email: couple.email, accessCode: couple.accessCode }));
  });

  it('gives a successful attempt its slot back, also when successes run concurrently', async () => {
    t = await createTestApp({ RATE_LIMIT_SIGNIN_PER_ACCOUNT: '3', RATE_LIMIT_SIGNIN_PER_ADDRESS: '3' });
    const username = uniqueUsername();
    await createCouple(t.deps, { username, password: 'secret1' });
    for (let round = 0; round < 2; round += 1) {
      const successes = await Promise.all(
        [1, 2, 3].map(() => post(t!, '/api/auth/user-login', { username, password: 'secret1' })),
      );
      expect(successes.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    }
    // The whole budget is still there for failures.
    const failures = await Promise.all(
      [1, 2, 3, 4].map(() => post(t!, '/api/auth/user-login', { username, password: 'wrong' })),
    );
    expect(failures.map((res) => res.statusCode).sort()).toEqual([401, 401, 401, 429]);
  });
});

describe('password hashes at once (decision 0093)', () => {
  /** Takes every hash slot and queue place with tasks that run until released. */
  function fillHashSlots(app: TestApp) {
    const { maxRunning, maxWaiting } = app.deps.passwordHashes;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const holders = Array.from({ length: maxRunning + maxWaiting }, () => app.deps.passwordHashes.run(() => released));
    return {
      release: async () => {
        release();
        await Promise.all(holders);
      },
    };
  }

  it('refuses a sign-in at once with a clear 429 and Retry-After while the queue is full; other requests are answered', async () => {
    t = await createTestApp({
      PASSWORD_HASH_CONCURRENCY: '1',
      PASSWORD_HASH_QUEUE: '1',
      RATE_LIMIT_SIGNIN_PER_ACCOUNT: '1',
    });
    const username = uniqueUsername();
    await createCouple(t.deps, { username, password: 'secret1' });
    await storeFrameworkPdf(
      t.deps,
      { weekNumber: 1, title: 'Week 1', description: '' },
      await makeSamplePdf('Week 1', 'busy'),
    );
    const full = fillHashSlots(t);
    try {
      expect(t.deps.passwordHashes.load).toEqual({ running: 1, waiting: 1 });
      // Each of these would wait for the held slots forever if they queued behind them.
      for (const [url, payload] of [
        ['/api/auth/user-login', { username, password: 'secret1' }],
        ['/api/auth/login', { username: 'admin', password: TEST_ADMIN_PASSWORD }],
        ['/api/auth/register', { username: uniqueUsername(), password: 'secret1', confirmPassword: 'secret1' }],
      ] as const) {
        const res = await post(t, url, payload);
        expect(res.statusCode, url).toBe(429);
        expect(res.json()).toEqual({ success: false, message: HASHING_BUSY, retryAfterSeconds: 2 });
        expect(res.headers['retry-after']).toBe('2');
      }
      // JSON and a file read are answered meanwhile.
      expect((await t.app.inject({ url: '/api/config' })).statusCode).toBe(200);
      const pdf = await t.app.inject({
        url: '/api/download-framework/1',
        headers: { cookie: await adminCookie(t.deps) },
      });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // Access codes need no password hash: they are still checked.
      const withCode = await createCoupleWithAccessCode(t.deps);
      expect(
        (await post(t, '/api/customer-auth/login', { email: withCode.email, accessCode: withCode.accessCode }))
          .statusCode,
      ).toBe(200);
    } finally {
      await full.release();
    }
    // A refusal for a busy server spent none of the sign-in budget (1 here).
    expect((await post(t, '/api/auth/user-login', { username, password: 'secret1' })).statusCode).toBe(200);
  });

  it('lets sign-ins wait their turn in the queue and answers them', async () => {
    t = await createTestApp({ PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '5' });
    const username = uniqueUsername();
    await createCouple(t.deps, { username, password: 'secret1' });
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => post(t!, '/api/auth/user-login', { username, password: 'secret1' })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
  });
});
