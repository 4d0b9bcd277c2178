import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  adminCookie,
  callerFor,
  createCouple,
  createTestApp,
  TEST_ADMIN_PASSWORD,
  type TestApp,
} from '../../test/harness';
import { prepareCodeRequest } from '../mail/service';
import { setAdminPassword } from './admin-bootstrap';
import { DEVICE_COOKIE } from './device-tokens';
import { ADMIN_PAUSED, COUPLE_CODE_PAUSED, COUPLE_PASSWORD_PAUSED } from './service';
import { createCoupleWithAccessCode, uniqueUsername } from './test-support';

// Floods of sign-ins, each a password check (at the test apps' cheap cost), on a busy machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 30_000 });

/** The probe: a server behind a proxy, attempts from many addresses (X-Forwarded-For). */
const ENV = { TRUST_PROXY: 'true', ADMIN_EMAIL: 'seller@example.com' };
const FLOOD = 50;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

type Reply = Awaited<ReturnType<TestApp['app']['inject']>>;

function post(url: string, payload: Record<string, unknown>, from: string, device?: string): Promise<Reply> {
  return t!.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'x-forwarded-for': from, ...(device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {}) },
  });
}

/** The device cookie a response set: its value and flags. */
function deviceCookieOf(res: Reply): { value: string; header: string } {
  const all = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const header = all.find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`));
  if (!header) throw new Error(`No device cookie in ${JSON.stringify(all)}`);
  return { value: decodeURIComponent(header.slice(DEVICE_COOKIE.length + 1).split(';')[0]!), header };
}

/** 50 wrong attempts, each from its own address; the statuses in order. */
async function flood(url: string, payload: (i: number) => Record<string, unknown>): Promise<Reply[]> {
  const answers: Reply[] = [];
  for (let i = 0; i < FLOOD; i += 1) answers.push(await post(url, payload(i), `198.51.100.${i + 1}`));
  return answers;
}

function statuses(answers: Reply[]): number[] {
  return answers.map((res) => res.statusCode);
}

/** Ten failures (the per-account default), then refusals. */
const FLOOD_STATUSES = [...Array(10).fill(401), ...Array(FLOOD - 10).fill(429)];

/** Seconds to wait, rounded to minutes: two floods a few seconds apart end their windows apart. */
function roundWaits(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(roundWaits);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === 'retryAfterSeconds' ? Math.ceil(Number(inner) / 60) : roundWaits(inner),
    ]),
  );
}

/** What anyone outside sees of an answer: status, body, header names, the wait (to the minute). */
function outside(res: Reply) {
  return {
    status: res.statusCode,
    body: roundWaits(res.json()),
    headers: Object.keys(res.headers)
      .filter((name) => name !== 'date' && name !== 'x-request-id')
      .sort(),
    retryAfter:
      res.headers['retry-after'] === undefined ? undefined : Math.ceil(Number(res.headers['retry-after']) / 60),
    contentType: res.headers['content-type'],
  };
}

function expectPaused(res: Reply, advice: (wait: string) => string) {
  expect(res.statusCode).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.json()).toEqual({ success: false, message: advice('15 minutes'), retryAfterSeconds: expect.any(Number) });
}

/** tRPC carries the wait in the error's data (its handler sets no Retry-After header). */
function expectTrpcPaused(res: Reply, advice: (wait: string) => string) {
  expect(res.statusCode).toBe(429);
  expect(res.json().error).toMatchObject({ message: advice('15 minutes'), data: { success: false } });
  expect(res.json().error.data.retryAfterSeconds).toBeGreaterThan(0);
}

describe('couples: a flood of wrong codes does not lock out a device that signed in before (decision 0201)', () => {
  it('REST and tRPC: the trusted device signs in, a new device is told what to do, the seller sees it', async () => {
    t = await createTestApp(ENV);
    const couple = await createCoupleWithAccessCode(t.deps);
    const first = await post(
      '/api/customer-auth/login',
      { email: couple.email, accessCode: couple.accessCode },
      '203.0.113.7',
    );
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first);
    expect(device.header).toMatch(/HttpOnly/);
    expect(device.header).toMatch(/SameSite=Lax/);
    expect(device.header).toMatch(/Path=\/api/);
    expect(device.header).toMatch(/Expires=/);
    // The cookie names neither the account nor its email.
    expect(device.value).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
    expect(device.value.toLowerCase()).not.toContain(couple.email.split('@')[0]!.toLowerCase());

    const answers = await flood('/api/customer-auth/login', (i) => ({
      email: couple.email,
      accessCode: `WRNG-${1000 + i}`,
    }));
    expect(statuses(answers)).toEqual(FLOOD_STATUSES);

    // The right code from the trusted device, at an address of its own: signed in, with a new token.
    const trusted = await post(
      '/api/customer-auth/login',
      { email: couple.email, accessCode: couple.accessCode },
      '203.0.113.8',
      device.value,
    );
    expect(trusted.statusCode).toBe(200);
    const rotated = deviceCookieOf(trusted).value;
    expect(rotated).not.toBe(device.value);

    // The right code from a new device, and from the old (rotated) token: refused, with advice.
    const fresh = { email: couple.email, accessCode: couple.accessCode };
    expectPaused(await post('/api/customer-auth/login', fresh, '203.0.113.9'), COUPLE_CODE_PAUSED);
    expectPaused(await post('/api/customer-auth/login', fresh, '203.0.113.9', device.value), COUPLE_CODE_PAUSED);

    // tRPC shares the budgets and the device.
    expectTrpcPaused(await post('/api/trpc/auth.customerLogin', fresh, '203.0.113.10'), COUPLE_CODE_PAUSED);
    const viaTrpc = await post('/api/trpc/auth.customerLogin', fresh, '203.0.113.10', rotated);
    expect(viaTrpc.statusCode).toBe(200);
    expect(deviceCookieOf(viaTrpc).value).not.toBe(rotated);

    // The seller sees it: one audit line and the overview's notice, counts only.
    const audit = await t.deps.db
      .selectFrom('admin_audit_log')
      .select(['actor_username', 'action', 'target', 'address'])
      .where('action', '=', 'sign-in.new-devices-paused')
      .execute();
    expect(audit).toEqual([
      {
        actor_username: 'system',
        action: 'sign-in.new-devices-paused',
        target: `couple ${couple.coupleId}: 10 failed sign-ins from 10 addresses`,
        address: null,
      },
    ]);
    const admin = await callerFor(t, await adminCookie(t.deps));
    const overview = await admin.insights.overview();
    expect(overview.signInPauses).toEqual([
      expect.objectContaining({ account: couple.email, isAdmin: false, failures: 10, addresses: 10 }),
    ]);
    // Addresses are kept as keyed hashes only.
    const stored = await t.deps.db.selectFrom('sign_in_failures').select(['key_hash', 'address_hash']).execute();
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain('198.51.100');
    expect(JSON.stringify(stored)).not.toContain(couple.email);
    // No email to the seller for a couple's account.
    expect(await emailsOfKind(t, 'admin-sign-ins-paused')).toHaveLength(0);
  });

  it('"Email me my code" lifts the pause: the new code reaches only the email\'s owner', async () => {
    t = await createTestApp(ENV);
    const couple = await createCoupleWithAccessCode(t.deps);
    await flood('/api/customer-auth/login', (i) => ({ email: couple.email, accessCode: `WRNG-${1000 + i}` }));
    expectPaused(
      await post('/api/customer-auth/login', { email: couple.email, accessCode: 'WRNG-9999' }, '203.0.113.9'),
      COUPLE_CODE_PAUSED,
    );
    const requested = await post('/api/customer-auth/request-code', { email: couple.email }, '203.0.113.9');
    expect(requested.statusCode).toBe(202);
    // The mail worker's half (features/mail/worker.ts), run here at once.
    const request = await t.deps.db
      .selectFrom('outbound_emails')
      .select('id')
      .where('kind', '=', 'code-request')
      .executeTakeFirstOrThrow();
    await prepareCodeRequest(t.deps, request.id, couple.email, Date.now());
    // A new device is no longer paused: a wrong code is a plain 401 again.
    const after = await post(
      '/api/customer-auth/login',
      { email: couple.email, accessCode: 'WRNG-9999' },
      '203.0.113.9',
    );
    expect(after.statusCode).toBe(401);
  });

  it('the same flood against an unknown email looks the same from outside', async () => {
    t = await createTestApp(ENV);
    const couple = await createCoupleWithAccessCode(t.deps);
    const unknown = `nobody-${Date.now()}@example.com`;
    const known = await flood('/api/customer-auth/login', (i) => ({
      email: couple.email,
      accessCode: `WRNG-${1000 + i}`,
    }));
    const none = await flood('/api/customer-auth/login', (i) => ({ email: unknown, accessCode: `WRNG-${1000 + i}` }));
    expect(none.map(outside)).toEqual(known.map(outside));
    const afterKnown = await post(
      '/api/customer-auth/login',
      { email: couple.email, accessCode: 'WRNG-9999' },
      '203.0.113.1',
    );
    const afterNone = await post(
      '/api/customer-auth/login',
      { email: unknown, accessCode: 'WRNG-9999' },
      '203.0.113.1',
    );
    expect(outside(afterNone)).toEqual(outside(afterKnown));
    expectPaused(afterNone, COUPLE_CODE_PAUSED);
    // Over tRPC too.
    const trpcKnown = await post(
      '/api/trpc/auth.customerLogin',
      { email: couple.email, accessCode: 'WRNG-9999' },
      '203.0.113.2',
    );
    const trpcNone = await post(
      '/api/trpc/auth.customerLogin',
      { email: unknown, accessCode: 'WRNG-9999' },
      '203.0.113.2',
    );
    expect(outside(trpcNone)).toEqual(outside(trpcKnown));
  });

  it("another account's, a forged, an expired or a revoked token gives no budget and no error", async () => {
    t = await createTestApp(ENV);
    const a = await createCoupleWithAccessCode(t.deps);
    const b = await createCoupleWithAccessCode(t.deps);
    const signedInA = await post(
      '/api/customer-auth/login',
      { email: a.email, accessCode: a.accessCode },
      '203.0.113.7',
    );
    const stolen = deviceCookieOf(signedInA).value;
    // Failures against B with A's token count in B's budget for new devices.
    for (let i = 0; i < 10; i += 1) {
      const res = await post(
        '/api/customer-auth/login',
        { email: b.email, accessCode: `WRNG-${1000 + i}` },
        `198.51.100.${i + 1}`,
        stolen,
      );
      expect(res.statusCode).toBe(401);
    }
    expectPaused(
      await post('/api/customer-auth/login', { email: b.email, accessCode: b.accessCode }, '203.0.113.8', stolen),
      COUPLE_CODE_PAUSED,
    );
    const [id, mac] = stolen.split('.') as [string, string];
    const forged = `${id}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    for (const cookie of [forged, 'not-a-token', `${stolen}~${stolen}~junk`, 'x'.repeat(500)]) {
      expectPaused(
        await post('/api/customer-auth/login', { email: b.email, accessCode: b.accessCode }, '203.0.113.8', cookie),
        COUPLE_CODE_PAUSED,
      );
    }
    // B's own device, once expired or revoked, is no longer trusted either.
    const other = await createCoupleWithAccessCode(t.deps);
    const own = deviceCookieOf(
      await post('/api/customer-auth/login', { email: other.email, accessCode: other.accessCode }, '203.0.113.9'),
    ).value;
    await flood('/api/customer-auth/login', (i) => ({ email: other.email, accessCode: `WRNG-${1000 + i}` }));
    await t.deps.db
      .updateTable('device_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('account_id', '=', other.accountId)
      .execute();
    expectPaused(
      await post('/api/customer-auth/login', { email: other.email, accessCode: other.accessCode }, '203.0.113.9', own),
      COUPLE_CODE_PAUSED,
    );
    // A's token still works for A (the failures against B spent nothing of A's).
    const backToA = await post(
      '/api/customer-auth/login',
      { email: a.email, accessCode: a.accessCode },
      '203.0.113.7',
      stolen,
    );
    expect(backToA.statusCode).toBe(200);
  });

  it('a couple that signs in with a username keeps its trusted device too (REST and tRPC)', async () => {
    t = await createTestApp(ENV);
    const username = uniqueUsername('Flooded');
    await createCouple(t.deps, { username, password: 'secret1' });
    const device = deviceCookieOf(
      await post('/api/auth/user-login', { username, password: 'secret1' }, '203.0.113.7'),
    ).value;
    const answers = await flood('/api/auth/user-login', (i) => ({ username, password: `wrong-${i}` }));
    expect(statuses(answers)).toEqual(FLOOD_STATUSES);
    expectPaused(
      await post('/api/auth/user-login', { username, password: 'secret1' }, '203.0.113.8'),
      COUPLE_PASSWORD_PAUSED,
    );
    expectTrpcPaused(
      await post('/api/trpc/auth.userLogin', { username, password: 'secret1' }, '203.0.113.8'),
      COUPLE_PASSWORD_PAUSED,
    );
    const trusted = await post('/api/trpc/auth.userLogin', { username, password: 'secret1' }, '203.0.113.8', device);
    expect(trusted.statusCode).toBe(200);
  });
});

describe('the administrator: a flood of wrong passwords does not lock the seller out (decision 0201)', () => {
  it('REST and tRPC: the trusted device signs in, a new device is told what to do, one email an hour, the reset lifts it', async () => {
    t = await createTestApp(ENV);
    const device = deviceCookieOf(
      await post('/api/auth/login', { username: 'admin', password: TEST_ADMIN_PASSWORD }, '203.0.113.7'),
    ).value;
    const answers = await flood('/api/auth/login', (i) => ({ username: 'admin', password: `wrong-${i}` }));
    expect(statuses(answers)).toEqual(FLOOD_STATUSES);

    const right = { username: 'admin', password: TEST_ADMIN_PASSWORD };
    expectPaused(await post('/api/auth/login', right, '203.0.113.8'), ADMIN_PAUSED);
    expectTrpcPaused(await post('/api/trpc/auth.adminLogin', right, '203.0.113.8'), ADMIN_PAUSED);
    const trusted = await post('/api/auth/login', right, '203.0.113.8', device);
    expect(trusted.statusCode).toBe(200);
    expect(trusted.json()).toEqual({ success: true });
    const rotated = deviceCookieOf(trusted).value;
    const viaTrpc = await post('/api/trpc/auth.adminLogin', right, '203.0.113.8', rotated);
    expect(viaTrpc.statusCode).toBe(200);

    const notices = await emailsOfKind(t, 'admin-sign-ins-paused');
    expect(notices).toEqual([
      expect.objectContaining({ recipient: 'seller@example.com', subject: expect.stringContaining('administrator') }),
    ]);
    expect(notices[0]!.text_body).toContain('npm run admin:reset-password');

    // `npm run admin:reset-password` lifts the pause and forgets the devices.
    await setAdminPassword(t.deps, 'admin', 'a-new-password');
    const renewed = { username: 'admin', password: 'a-new-password' };
    const fromNewDevice = await post('/api/auth/login', renewed, '203.0.113.9');
    expect(fromNewDevice.statusCode).toBe(200);
    expect(await t.deps.db.selectFrom('device_tokens').select('token_hash').execute()).toHaveLength(1);

    // Another flood within the hour: a second pause, no second email.
    const again = await flood('/api/auth/login', (i) => ({ username: 'admin', password: `wrong-${i}` }));
    expect(statuses(again)).toEqual(FLOOD_STATUSES);
    expect(await emailsOfKind(t, 'admin-sign-ins-paused')).toHaveLength(1);
    const audit = await t.deps.db
      .selectFrom('admin_audit_log')
      .select('target')
      .where('action', '=', 'sign-in.new-devices-paused')
      .execute();
    expect(audit.map((row) => row.target)).toEqual([
      'admin admin: 10 failed sign-ins from 10 addresses',
      'admin admin: 10 failed sign-ins from 10 addresses',
    ]);
  });

  it('the same flood against an unknown administrator name looks the same from outside', async () => {
    t = await createTestApp(ENV);
    const known = await flood('/api/auth/login', (i) => ({ username: 'admin', password: `wrong-${i}` }));
    const none = await flood('/api/auth/login', (i) => ({ username: 'nobody-here', password: `wrong-${i}` }));
    expect(none.map(outside)).toEqual(known.map(outside));
    const right = await post(
      '/api/trpc/auth.adminLogin',
      { username: 'admin', password: TEST_ADMIN_PASSWORD },
      '203.0.113.3',
    );
    const unknown = await post(
      '/api/trpc/auth.adminLogin',
      { username: 'nobody-here', password: TEST_ADMIN_PASSWORD },
      '203.0.113.3',
    );
    expect(outside(unknown)).toEqual(outside(right));
    expectTrpcPaused(unknown, ADMIN_PAUSED);
  });

  it("a couple's device token gives the administrator name no budget", async () => {
    t = await createTestApp(ENV);
    const couple = await createCoupleWithAccessCode(t.deps);
    const stolen = deviceCookieOf(
      await post('/api/customer-auth/login', { email: couple.email, accessCode: couple.accessCode }, '203.0.113.7'),
    ).value;
    for (let i = 0; i < 10; i += 1) {
      const res = await post(
        '/api/auth/login',
        { username: 'admin', password: `wrong-${i}` },
        `198.51.100.${i + 1}`,
        stolen,
      );
      expect(res.statusCode).toBe(401);
    }
    expectPaused(
      await post('/api/auth/login', { username: 'admin', password: TEST_ADMIN_PASSWORD }, '203.0.113.8', stolen),
      ADMIN_PAUSED,
    );
  });

  it('one browser keeps its known devices of several accounts: the admin and a couple', async () => {
    t = await createTestApp(ENV);
    const couple = await createCoupleWithAccessCode(t.deps);
    const coupleRight = { email: couple.email, accessCode: couple.accessCode };
    const first = deviceCookieOf(await post('/api/customer-auth/login', coupleRight, '203.0.113.7')).value;
    const both = deviceCookieOf(
      await post('/api/auth/login', { username: 'admin', password: TEST_ADMIN_PASSWORD }, '203.0.113.7', first),
    ).value;
    expect(both.split('~')).toHaveLength(2);
    expect(both.split('~')[1]).toBe(first);
    // The couple's account is flooded: this browser is still known to it.
    await flood('/api/customer-auth/login', (i) => ({ email: couple.email, accessCode: `WRNG-${1000 + i}` }));
    expectPaused(await post('/api/customer-auth/login', coupleRight, '203.0.113.8'), COUPLE_CODE_PAUSED);
    const again = await post('/api/customer-auth/login', coupleRight, '203.0.113.8', both);
    expect(again.statusCode).toBe(200);
    const renewed = deviceCookieOf(again).value.split('~');
    expect(renewed).toHaveLength(2);
    expect(renewed).not.toContain(first);
    expect(renewed).toContain(both.split('~')[0]);
  });
});

function emailsOfKind(app: TestApp, kind: string) {
  return app.deps.db
    .selectFrom('outbound_emails')
    .select(['recipient', 'subject', 'text_body'])
    .where('kind', '=', kind)
    .execute();
}
