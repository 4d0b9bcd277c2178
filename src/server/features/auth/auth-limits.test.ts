import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCouple, createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../test/harness';
import { createCoupleWithAccessCode, uniqueUsername } from './test-support';

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

describe('failed sign-in limits (CONTRACT section 4)', () => {
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
    expectTooMany(await post(t, '/api/auth/login', { username: 'admin', password: TEST_ADMIN_PASSWORD }, '203.0.113.9'));
    // Another address is not affected.
    const other = await post(t, '/api/auth/user-login', { username: usernames[0], password: 'secret1' }, '203.0.113.10');
    expect(other.statusCode).toBe(200);
  });

  it('limits failed access-code sign-ins per email', async () => {
    t = await createTestApp({ RATE_LIMIT_SIGNIN_PER_ACCOUNT: '2' });
    const couple = await createCoupleWithAccessCode(t.deps);
    for (let i = 0; i < 2; i += 1) {
      const res = await post(t, '/api/customer-auth/login', { email: couple.email, accessCode: 'WRONG-CODE' }, `198.51.100.${i}`);
      expect(res.statusCode).toBe(401);
    }
    expectTooMany(
      await post(t, '/api/customer-auth/login', { email: couple.email.toUpperCase(), accessCode: couple.accessCode }),
    );
  });

  it('limits registrations per address', async () => {
    t = await createTestApp({ RATE_LIMIT_REGISTER_PER_HOUR: '1' });
    const first = await post(t, '/api/auth/register', { username: uniqueUsername(), password: 'secret1', confirmPassword: 'secret1' });
    expect(first.statusCode).toBe(201);
    expectTooMany(
      await post(t, '/api/auth/register', { username: uniqueUsername(), password: 'secret1', confirmPassword: 'secret1' }),
    );
  });
});
