import { describe, expect, it, vi } from 'vitest';
import { getAuth } from '../../http/request-auth';
import { assertOwnCouple } from './access';
import {
  adminCookie,
  callerFor,
  createCouple,
  sessionCookie,
  TEST_ADMIN_PASSWORD,
  useTestApp,
} from '../../test/harness';
import { resolveSession } from './sessions';
import { cookieFrom, uniqueUsername } from './test-support';

// Real sign-ups and the admin use full-cost scrypt (about 0.4 s each, more on a busy machine).
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const t = useTestApp();

/** A tRPC mutation over real HTTP, so the Set-Cookie header can be checked. */
function mutate(path: string, input: unknown, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/trpc/${path}`,
    payload: input as Record<string, unknown>,
    headers: cookie ? { cookie } : {},
  });
}

describe('auth procedures', () => {
  it('auth.register signs the new couple in; auth.session and auth.check then name it', async () => {
    const res = await mutate('auth.register', {
      username: uniqueUsername(),
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data).toEqual({ success: true, message: expect.any(String) });
    const cookie = cookieFrom(res.headers['set-cookie']);
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax|SameSite=Lax.*HttpOnly/);

    const caller = await callerFor(t, cookie);
    const check = await caller.auth.check();
    expect(check).toMatchObject({ authenticated: true, isAdmin: false, role: 'couple' });
    expect(await caller.auth.session()).toEqual({ customerId: check.userId });
  });

  it('auth.register refuses a taken username and mismatched passwords', async () => {
    const username = uniqueUsername('Taken');
    await createCouple(t.deps, { username, password: 'secret1' });
    const taken = await mutate('auth.register', {
      username: username.toLowerCase(),
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ message: 'Username is already taken', data: { success: false } });

    const mismatch = await mutate('auth.register', {
      username: uniqueUsername(),
      password: 'secret1',
      confirmPassword: 'other1',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.message).toBe('confirmPassword: Passwords do not match');
  });

  it('auth.userLogin and auth.adminLogin answer like their REST twins', async () => {
    const username = uniqueUsername();
    await createCouple(t.deps, { username, password: 'secret1' });
    const couple = await mutate('auth.userLogin', { username, password: 'secret1' });
    expect(couple.statusCode).toBe(200);
    expect(couple.json().result.data).toEqual({ success: true, message: expect.any(String), firstSignIn: true });

    const wrong = await mutate('auth.userLogin', { username, password: 'nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toMatchObject({ message: 'Invalid username or password', data: { success: false } });

    const admin = await mutate('auth.adminLogin', { username: 'admin', password: TEST_ADMIN_PASSWORD });
    expect(admin.json().result.data).toEqual({ success: true });
    expect((await (await callerFor(t, cookieFrom(admin.headers['set-cookie']))).auth.check()).isAdmin).toBe(true);
  });

  it('auth.customerLogin starts a trial and returns the personal code once', async () => {
    const email = `trpc-trial-${Date.now()}@example.com`;
    const res = await mutate('auth.customerLogin', { email, accessCode: 'TRY-52-WEEKS' });
    expect(res.statusCode).toBe(200);
    const { accessCode } = res.json().result.data;
    expect(accessCode).toMatch(/^\w{4}-\w{4}-\w{4}$/);
    const again = await mutate('auth.customerLogin', { email, accessCode });
    expect(again.json().result.data).toEqual({ success: true, message: expect.any(String) });
  });

  it('auth.logout ends the session and clears the cookie', async () => {
    const couple = await createCouple(t.deps);
    const cookie = await sessionCookie(t.deps, couple.accountId);
    const res = await mutate('auth.logout', {}, cookie);
    expect(res.json().result.data).toEqual({ success: true });
    expect(String(res.headers['set-cookie'])).toMatch(/^sid=;/);
    expect(await (await callerFor(t, cookie)).auth.check()).toMatchObject({ authenticated: false });
  });

  it('auth.session refuses anonymous visitors and admins with UNAUTHORIZED', async () => {
    await expect((await callerFor(t)).auth.session()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect((await callerFor(t, await adminCookie(t.deps))).auth.session()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });
});

describe('the ownership guard', () => {
  async function authFor(cookie?: string) {
    const req = { cookies: cookie ? Object.fromEntries([cookie.split('=') as [string, string]]) : {} };
    return getAuth(req as never, t.deps);
  }

  it('lets a couple act on its own id only (403 for another couple, 401 for nobody)', async () => {
    const mine = await createCouple(t.deps);
    const theirs = await createCouple(t.deps);
    const auth = await authFor(await sessionCookie(t.deps, mine.accountId));
    expect(assertOwnCouple(auth, String(mine.coupleId)).coupleId).toBe(mine.coupleId);
    for (const other of [String(theirs.coupleId), `${mine.coupleId}.0`, 'abc', undefined]) {
      expect(() => assertOwnCouple(auth, other)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    }
    const anonymous = await authFor();
    expect(() => assertOwnCouple(anonymous, String(mine.coupleId))).toThrow(
      expect.objectContaining({ code: 'UNAUTHORIZED' }),
    );
  });

  it("never lets an admin read a couple's data", async () => {
    const couple = await createCouple(t.deps);
    const admin = await authFor(await adminCookie(t.deps));
    expect(() => assertOwnCouple(admin, String(couple.coupleId))).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN' }),
    );
  });

  it('resolves only unexpired sessions to their account', async () => {
    const couple = await createCouple(t.deps);
    const token = (await sessionCookie(t.deps, couple.accountId)).slice('sid='.length);
    expect(await resolveSession(t.deps.db, token)).toMatchObject({ kind: 'couple', coupleId: couple.coupleId });
    expect(await resolveSession(t.deps.db, `${token}x`)).toEqual({ kind: 'anonymous' });
    expect(await resolveSession(t.deps.db, undefined)).toEqual({ kind: 'anonymous' });
  });
});
