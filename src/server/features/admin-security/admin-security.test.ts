import { afterEach, describe, expect, it, vi } from 'vitest';
import { listRecentAdminActions } from '../audit/service';
import { cookieFrom } from '../auth/test-support';
import {
  adminCookie,
  callerFor,
  createCouple,
  createTestApp,
  sessionCookie,
  type TestApp,
  useTestApp,
} from '../../test/harness';
import { readPendingSignIn, signPendingSignIn } from './secrets';
import { disableSecondFactorByCommand, verifySignInSecondFactor } from './service';
import { adminWithSecondFactor, createSecondAdmin, totpCode } from './test-support';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const t = useTestApp();

function post(app: TestApp, path: string, payload: unknown, cookie?: string) {
  return app.app.inject({
    method: 'POST',
    url: `/api/trpc/${path}`,
    payload: payload as Record<string, unknown>,
    headers: cookie ? { cookie } : {},
  });
}

/** The password step as the admin would take it: the answer's body (no session is made). */
async function passwordStep(app: TestApp, username: string, password: string) {
  const res = await post(app, 'auth.adminLogin', { username, password });
  expect(res.statusCode).toBe(200);
  expect(res.headers['set-cookie']).toBeUndefined();
  return res.json().result.data as {
    success: false;
    secondFactorRequired: true;
    pendingToken: string;
    message: string;
  };
}

async function auditActions() {
  return (await listRecentAdminActions(t.deps.db, { limit: 50, offset: 0 })).map((row) => row.action);
}

describe('setting up the second factor', () => {
  it('shows the secret once, switches on only with a right first code, and gives 10 recovery codes', async () => {
    const admin = await createSecondAdmin(t.deps);
    const caller = await callerFor(t, await sessionCookie(t.deps, admin.accountId));
    expect(await caller.adminSecurity.status()).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });

    const setup = await caller.adminSecurity.startSetup();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUri).toMatch(/^otpauth:\/\/totp\/Vows%20%26%20Weeks:admin_two_\d+_\d+\?/);
    expect(setup.otpauthUri).toContain(`secret=${setup.secret}`);
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg');
    // Stored encrypted, never as the secret itself.
    const row = await t.deps.db
      .selectFrom('admin_second_factor')
      .selectAll()
      .where('account_id', '=', admin.accountId)
      .executeTakeFirstOrThrow();
    expect(row.secret_encrypted).not.toContain(setup.secret);
    expect(row.enabled_at).toBeNull();

    await expect(caller.adminSecurity.confirmSetup({ code: '000000' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.adminSecurity.confirmSetup({ code: '12345' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('6-digit code'),
    });
    expect((await caller.adminSecurity.status()).enabled).toBe(false);

    const { recoveryCodes } = await caller.adminSecurity.confirmSetup({ code: totpCode(setup.secret) });
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(await caller.adminSecurity.status()).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // Only hashes are kept.
    const stored = await t.deps.db.selectFrom('admin_recovery_codes').select('code_hash').execute();
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]!.slice(0, 5));
    // The secret is never shown again: a new set-up is refused while it is on.
    await expect(caller.adminSecurity.startSetup()).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await auditActions()).toContain('admin.second-factor.enable');
  });

  it('is admin-only: 401 for visitors, 403 for couples, through createCaller and HTTP', async () => {
    const anonymous = await callerFor(t);
    await expect(anonymous.adminSecurity.status()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(anonymous.adminSecurity.startSetup()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const couple = await createCouple(t.deps);
    const coupleCookie = await sessionCookie(t.deps, couple.accountId);
    const asCouple = await callerFor(t, coupleCookie);
    await expect(asCouple.adminSecurity.startSetup()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(asCouple.adminSecurity.disable({ code: '123456' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await post(t, 'adminSecurity.startSetup', {})).statusCode).toBe(401);
    expect((await post(t, 'adminSecurity.confirmSetup', { code: '123456' }, coupleCookie)).statusCode).toBe(403);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/trpc/adminSecurity.status',
      headers: { cookie: await adminCookie(t.deps) },
    });
    expect(status.statusCode).toBe(200);
  });
});

describe('signing in with the second factor on', () => {
  it('asks for the code after the right password, and makes the session only with a right code', async () => {
    const admin = await adminWithSecondFactor(t.deps);
    const pending = await passwordStep(t, admin.username, admin.password);
    expect(pending).toMatchObject({ success: false, secondFactorRequired: true, message: expect.any(String) });
    // The REST path answers the same, without a cookie.
    const rest = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: admin.username, password: admin.password },
    });
    expect(rest.statusCode).toBe(200);
    expect(rest.headers['set-cookie']).toBeUndefined();
    expect(rest.json()).toMatchObject({ success: false, secondFactorRequired: true });

    const wrong = await post(t, 'auth.adminSecondFactor', { pendingToken: pending.pendingToken, code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe('Invalid code');
    expect(wrong.headers['set-cookie']).toBeUndefined();

    const right = await post(t, 'auth.adminSecondFactor', { pendingToken: pending.pendingToken, code: admin.code });
    expect(right.statusCode).toBe(200);
    expect(right.json().result.data).toEqual({ success: true });
    const check = await t.app.inject({
      method: 'GET',
      url: '/api/auth/check',
      headers: { cookie: cookieFrom(right.headers['set-cookie']) },
    });
    expect(check.json()).toMatchObject({ authenticated: true, isAdmin: true });

    // The same code again (a replay, even with a fresh pending sign-in) is refused.
    const again = await passwordStep(t, admin.username, admin.password);
    const replay = await post(t, 'auth.adminSecondFactor', { pendingToken: again.pendingToken, code: admin.code });
    expect(replay.statusCode).toBe(401);
  });

  it('takes a recovery code once, and logs its use', async () => {
    const admin = await adminWithSecondFactor(t.deps);
    const recovery = admin.recoveryCodes[3]!;
    const first = await passwordStep(t, admin.username, admin.password);
    const typed = ` ${recovery.toLowerCase().replace('-', ' ')} `;
    const ok = await post(t, 'auth.adminSecondFactor', { pendingToken: first.pendingToken, code: typed });
    expect(ok.statusCode).toBe(200);
    expect(await auditActions()).toContain('admin.second-factor.recovery-code-used');
    const second = await passwordStep(t, admin.username, admin.password);
    const reused = await post(t, 'auth.adminSecondFactor', { pendingToken: second.pendingToken, code: recovery });
    expect(reused.statusCode).toBe(401);
    const caller = await callerFor(t, await sessionCookie(t.deps, admin.accountId));
    expect((await caller.adminSecurity.status()).recoveryCodesLeft).toBe(9);
  });

  it('refuses a forged, altered or expired pending sign-in', async () => {
    const admin = await adminWithSecondFactor(t.deps);
    const key = t.deps.accessCodeKey;
    const token = signPendingSignIn(key, admin.accountId, Date.now() + 60_000);
    expect(readPendingSignIn(key, token, Date.now())).toBe(admin.accountId);
    expect(readPendingSignIn(key, token, Date.now() + 61_000)).toBeNull();
    const altered = token.replace(/^\d+/, String(admin.accountId + 1));
    expect(readPendingSignIn(key, altered, Date.now())).toBeNull();
    expect(readPendingSignIn(Buffer.alloc(32, 1), token, Date.now())).toBeNull();
    const expired = signPendingSignIn(key, admin.accountId, Date.now() - 1);
    const res = await post(t, 'auth.adminSecondFactor', { pendingToken: expired, code: admin.code });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toMatch(/expired/);
  });

  it('accepts one time step of drift either side, and never an older step than the last used', async () => {
    const admin = await adminWithSecondFactor(t.deps);
    const now = Date.now() + 10 * 60_000; // well after the set-up's codes
    const verify = (code: string) => verifySignInSecondFactor(t.deps, admin.accountId, code, null, now);
    expect(await verify(totpCode(admin.secret, now - 90_000))).toBe(false);
    expect(await verify(totpCode(admin.secret, now + 90_000))).toBe(false);
    expect(await verify(totpCode(admin.secret, now - 30_000))).toBe(true);
    expect(await verify(totpCode(admin.secret, now + 30_000))).toBe(true);
    // The current step is older than the last accepted one (+1): refused.
    expect(await verify(totpCode(admin.secret, now))).toBe(false);
  });
});

describe('wrong codes and the sign-in limit', () => {
  let limited: TestApp | undefined;
  afterEach(async () => {
    await limited?.close();
    limited = undefined;
  });

  it("count against the admin's sign-in budget: then even the right code gets 429", async () => {
    limited = await createTestApp({ RATE_LIMIT_SIGNIN_PER_ACCOUNT: '3' });
    const admin = await adminWithSecondFactor(limited.deps);
    const pending = await passwordStep(limited, admin.username, admin.password);
    for (let i = 0; i < 3; i += 1) {
      const res = await post(limited, 'auth.adminSecondFactor', { pendingToken: pending.pendingToken, code: '000000' });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post(limited, 'auth.adminSecondFactor', {
      pendingToken: pending.pendingToken,
      code: admin.code,
    });
    expect(blocked.statusCode).toBe(429);
    // The password step of the same name is limited too.
    const password = await post(limited, 'auth.adminLogin', { username: admin.username, password: admin.password });
    expect(password.statusCode).toBe(429);
  });
});

describe('switching the second factor off', () => {
  it('takes a current code; afterwards the password alone signs in', async () => {
    const admin = await adminWithSecondFactor(t.deps);
    const caller = await callerFor(t, await sessionCookie(t.deps, admin.accountId));
    await expect(caller.adminSecurity.disable({ code: '000000' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect((await caller.adminSecurity.status()).enabled).toBe(true);
    expect(await caller.adminSecurity.disable({ code: admin.code })).toEqual({ success: true });
    expect(await caller.adminSecurity.status()).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    expect(
      await t.deps.db
        .selectFrom('admin_recovery_codes')
        .selectAll()
        .where('account_id', '=', admin.accountId)
        .execute(),
    ).toEqual([]);
    expect(await auditActions()).toContain('admin.second-factor.disable');
    const res = await post(t, 'auth.adminLogin', { username: admin.username, password: admin.password });
    expect(res.json().result.data).toEqual({ success: true });
    expect(cookieFrom(res.headers['set-cookie'])).toMatch(/^sid=/);
  });

  it('by the command for a locked-out admin: ends their sessions and logs it', async () => {
    const admin = await adminWithSecondFactor(t.deps);
    await sessionCookie(t.deps, admin.accountId);
    expect(await disableSecondFactorByCommand(t.deps, admin.username)).toBe(true);
    expect(
      await t.deps.db.selectFrom('sessions').selectAll().where('account_id', '=', admin.accountId).execute(),
    ).toEqual([]);
    expect(
      await t.deps.db.selectFrom('admin_second_factor').selectAll().where('account_id', '=', admin.accountId).execute(),
    ).toEqual([]);
    const [newest] = await listRecentAdminActions(t.deps.db, { limit: 1, offset: 0 });
    expect(newest).toMatchObject({
      action: 'admin.second-factor.disable',
      target: expect.stringContaining('admin:disable-2fa'),
    });
    expect(await disableSecondFactorByCommand(t.deps, admin.username)).toBe(false);
    await expect(disableSecondFactorByCommand(t.deps, 'nobody_here')).rejects.toThrow(
      'No administrator named nobody_here.',
    );
  });
});
