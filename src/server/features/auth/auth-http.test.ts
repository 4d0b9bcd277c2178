import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TRIAL_PLACEHOLDER_NAME, TRIAL_PLACEHOLDER_PARTNER } from '../../../shared/constants';
import {
  adminCookie,
  createCouple,
  createTestApp,
  sessionCookie,
  TEST_ADMIN_PASSWORD,
  type TestApp,
  useTestApp,
} from '../../test/harness';
import { cookieFrom, createCoupleWithAccessCode, storeCodeAsScryptHash, uniqueUsername } from './test-support';

// Real sign-ups and the admin use full-cost scrypt (about 0.4 s each, more on a busy machine).
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const t = useTestApp();

function post(url: string, payload: unknown, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: cookie ? { cookie } : {},
  });
}

async function check(cookie: string) {
  return (await t.app.inject({ url: '/api/auth/check', headers: { cookie } })).json();
}

async function sessionCount(accountId: number): Promise<number> {
  const row = await t.deps.db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('POST /api/auth/register', () => {
  it('creates a trial couple, answers 201 and signs it in with a proper cookie', async () => {
    const username = uniqueUsername();
    const res = await post('/api/auth/register', { username, password: 'secret1', confirmPassword: 'secret1' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: expect.any(String) });

    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).toMatch(/Expires=/);
    expect(setCookie).not.toContain('Secure');

    const auth = await check(cookieFrom(res.headers['set-cookie']));
    expect(auth).toMatchObject({ authenticated: true, isAdmin: false, role: 'couple' });
    const couple = await t.deps.db
      .selectFrom('couples')
      .select(['access_level', 'display_name'])
      .where('id', '=', auth.userId)
      .executeTakeFirstOrThrow();
    expect(couple).toEqual({ access_level: 'trial', display_name: '' });
  });

  it('stores only an scrypt hash of the password, at the configured cost', async () => {
    const username = uniqueUsername();
    await post('/api/auth/register', { username, password: 'plain-secret', confirmPassword: 'plain-secret' });
    const row = await t.deps.db
      .selectFrom('accounts')
      .select('password_hash')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    // The test apps' cost (PASSWORD_HASH_COST=test); a real server's is FULL_SCRYPT (config.test.ts).
    const { N, r, p } = t.deps.config.passwordHashing.scrypt;
    expect(N).toBe(1024);
    expect(row.password_hash?.startsWith(`scrypt$${N}$${r}$${p}$`)).toBe(true);
    expect(row.password_hash).not.toContain('plain-secret');
  });

  it('refuses a username taken in another case with 409', async () => {
    const username = uniqueUsername('Robin');
    const first = await post('/api/auth/register', { username, password: 'secret1', confirmPassword: 'secret1' });
    expect(first.statusCode).toBe(201);
    const res = await post('/api/auth/register', {
      username: username.toUpperCase(),
      password: 'secret2',
      confirmPassword: 'secret2',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: 'Username is already taken' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    [{ username: 'ab', password: 'secret1', confirmPassword: 'secret1' }, /^username: Use 3-32 letters/],
    [{ username: 'has space', password: 'secret1', confirmPassword: 'secret1' }, /username/],
    [{ username: 'x'.repeat(33), password: 'secret1', confirmPassword: 'secret1' }, /username/],
    [{ username: 'valid_name', password: 'short', confirmPassword: 'short' }, /^password: Password must be at least 6/],
    [{ username: 'valid_name', password: 'p'.repeat(129), confirmPassword: 'p'.repeat(129) }, /password/],
    [
      { username: 'valid_name', password: 'secret1', confirmPassword: 'secret2' },
      /^confirmPassword: Passwords do not match$/,
    ],
    [{ username: 'valid_name', password: 'secret1' }, /^confirmPassword: Confirm your password$/],
    [{}, /^username: Choose a username$/],
  ])('answers 400 naming the field for %j', async (payload, message) => {
    const res = await post('/api/auth/register', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: expect.stringMatching(message) });
  });

  it('answers 400, not 500, for a body that is not an object', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '"just a string"',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });
});

describe('POST /api/auth/user-login', () => {
  it('signs a registered couple in with the same answer for any case of the username', async () => {
    const username = uniqueUsername('Casey');
    const couple = await createCouple(t.deps, { username, password: 'secret1' });
    const res = await post('/api/auth/user-login', { username: username.toUpperCase(), password: 'secret1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: expect.any(String) });
    expect(await check(cookieFrom(res.headers['set-cookie']))).toEqual({
      authenticated: true,
      isAdmin: false,
      role: 'couple',
      userId: couple.coupleId,
    });
  });

  it('gives the same 401 for a wrong password and an unknown user', async () => {
    const username = uniqueUsername();
    await createCouple(t.deps, { username, password: 'secret1' });
    const wrong = await post('/api/auth/user-login', { username, password: 'wrong-password' });
    const unknown = await post('/api/auth/user-login', { username: uniqueUsername('nobody'), password: 'secret1' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: 'Invalid username or password' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('does not let the admin in through the couple sign-in', async () => {
    const res = await post('/api/auth/user-login', { username: 'admin', password: TEST_ADMIN_PASSWORD });
    expect(res.statusCode).toBe(401);
  });

  it('answers 400 when a field is missing', async () => {
    const res = await post('/api/auth/user-login', { username: 'someone' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'password: Enter your password' });
  });

  it('issues a new token at every sign-in and ends the session the request carried', async () => {
    const username = uniqueUsername();
    const couple = await createCouple(t.deps, { username, password: 'secret1' });
    const first = cookieFrom(
      (await post('/api/auth/user-login', { username, password: 'secret1' })).headers['set-cookie'],
    );
    const again = await post('/api/auth/user-login', { username, password: 'secret1' }, first);
    const second = cookieFrom(again.headers['set-cookie']);
    expect(second).not.toBe(first);
    expect((await check(first)).authenticated).toBe(false);
    expect((await check(second)).authenticated).toBe(true);
    expect(await sessionCount(couple.accountId)).toBe(1);
  });
});

describe('POST /api/auth/login (admin)', () => {
  it('signs the admin in with {success:true}', async () => {
    const res = await post('/api/auth/login', { username: 'admin', password: TEST_ADMIN_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await check(cookieFrom(res.headers['set-cookie']))).toEqual({
      authenticated: true,
      isAdmin: true,
      role: 'admin',
      userId: null,
    });
  });

  it('refuses a wrong password, an unknown name and a couple account alike', async () => {
    const username = uniqueUsername();
    await createCouple(t.deps, { username, password: 'secret1' });
    for (const body of [
      { username: 'admin', password: 'not-the-password' },
      { username: 'no-such-admin', password: TEST_ADMIN_PASSWORD },
      { username, password: 'secret1' },
    ]) {
      const res = await post('/api/auth/login', body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: 'Invalid username or password' });
    }
  });
});

describe('POST /api/customer-auth/login', () => {
  it('starts a trial for a new email: placeholder profile, personal code returned once and hashed', async () => {
    const email = `trial-${Date.now()}@example.com`;
    const res = await post('/api/customer-auth/login', {
      email: `  ${email.toUpperCase()} `,
      accessCode: 'try-52-weeks',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ success: true, message: expect.any(String), accessCode: expect.any(String) });
    expect(body.accessCode).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);

    const auth = await check(cookieFrom(res.headers['set-cookie']));
    expect(auth.role).toBe('couple');
    const row = await t.deps.db
      .selectFrom('accounts')
      .innerJoin('couples', 'couples.id', 'accounts.couple_id')
      .select([
        'accounts.email',
        'accounts.access_code_hash',
        'couples.display_name',
        'couples.partner_name',
        'couples.access_level',
      ])
      .where('couples.id', '=', auth.userId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      email,
      display_name: TRIAL_PLACEHOLDER_NAME,
      partner_name: TRIAL_PLACEHOLDER_PARTNER,
      access_level: 'trial',
    });
    expect(row.access_code_hash).toMatch(/^hmac-sha256\$/);
    expect(row.access_code_hash).not.toContain(body.accessCode);

    // The personal code now opens the account (typed in lower case, too) ...
    const personal = await post('/api/customer-auth/login', { email, accessCode: body.accessCode.toLowerCase() });
    expect(personal.statusCode).toBe(200);
    expect(personal.json()).toEqual({ success: true, message: expect.any(String) });
    expect((await check(cookieFrom(personal.headers['set-cookie']))).userId).toBe(auth.userId);

    // ... and the trial code no longer does.
    const trialAgain = await post('/api/customer-auth/login', { email, accessCode: 'TRY-52-WEEKS' });
    expect(trialAgain.statusCode).toBe(401);
    expect(trialAgain.json()).toEqual({ success: false, message: 'Invalid email or access code' });
  });

  // Issue 35: an account made on a Spanish page starts in Spanish (its course, emails and PDFs).
  it('gives a new account the language of the page that made it: cookie, then Accept-Language', async () => {
    const localeOf = async (res: { headers: Record<string, unknown> }) => {
      const auth = await check(cookieFrom(res.headers['set-cookie'] as string[]));
      const row = await t.deps.db
        .selectFrom('accounts')
        .select('locale')
        .where('couple_id', '=', auth.userId)
        .executeTakeFirstOrThrow();
      return row.locale;
    };
    const password = { password: 'secret1', confirmPassword: 'secret1' };
    const byCookie = await post('/api/auth/register', { username: uniqueUsername(), ...password }, 'vw_locale=es');
    expect(byCookie.statusCode).toBe(201);
    expect(await localeOf(byCookie)).toBe('es');
    const byBrowser = await t.app.inject({
      method: 'POST',
      url: '/api/customer-auth/login',
      payload: { email: `trial-es-${uniqueUsername()}@example.com`, accessCode: 'TRY-52-WEEKS' },
      headers: { 'accept-language': 'es-MX,es;q=0.9' },
    });
    expect(byBrowser.statusCode).toBe(200);
    expect(await localeOf(byBrowser)).toBe('es');
    const english = await post('/api/auth/register', { username: uniqueUsername(), ...password });
    expect(await localeOf(english)).toBe('en');
  });

  it('refuses the trial code for an email that already has an account', async () => {
    const couple = await createCouple(t.deps);
    const res = await post('/api/customer-auth/login', { email: couple.email, accessCode: 'TRY-52-WEEKS' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: 'Invalid email or access code' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('signs in with a personal code and refuses a wrong or unknown one alike', async () => {
    const couple = await createCoupleWithAccessCode(t.deps);
    const ok = await post('/api/customer-auth/login', { email: couple.email, accessCode: couple.accessCode });
    expect(ok.statusCode).toBe(200);
    expect((await check(cookieFrom(ok.headers['set-cookie']))).userId).toBe(couple.coupleId);

    for (const body of [
      { email: couple.email, accessCode: 'AAAA-BBBB-CCCC' },
      { email: `nobody-${Date.now()}@example.com`, accessCode: couple.accessCode },
    ]) {
      const res = await post('/api/customer-auth/login', body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: 'Invalid email or access code' });
    }
  });

  it("says firstSignIn on a new account's first sign-in only (tRPC), and REST keeps the contract's shape", async () => {
    const couple = await createCoupleWithAccessCode(t.deps);
    const credentials = { email: couple.email, accessCode: couple.accessCode };
    const trpcSignIn = async () =>
      (await post('/api/trpc/auth.customerLogin', credentials)).json().result.data as Record<string, unknown>;
    expect(await trpcSignIn()).toEqual({ success: true, message: 'Login successful', firstSignIn: true });
    expect(await trpcSignIn()).toEqual({ success: true, message: 'Login successful' });

    const fresh = await createCoupleWithAccessCode(t.deps);
    const rest = await post('/api/customer-auth/login', { email: fresh.email, accessCode: fresh.accessCode });
    expect(rest.json()).toEqual({ success: true, message: 'Login successful' });

    const username = uniqueUsername();
    await createCouple(t.deps, { username, password: 'secret-words' });
    const byPassword = async () =>
      (await post('/api/trpc/auth.userLogin', { username, password: 'secret-words' })).json().result.data;
    expect(await byPassword()).toMatchObject({ firstSignIn: true });
    expect(await byPassword()).not.toHaveProperty('firstSignIn');
  });

  it('still signs in with a code stored as an scrypt hash before the keyed hash', async () => {
    const couple = await createCoupleWithAccessCode(t.deps);
    await storeCodeAsScryptHash(t.deps, couple);
    expect(
      (await post('/api/customer-auth/login', { email: couple.email, accessCode: couple.accessCode.toLowerCase() }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post('/api/customer-auth/login', { email: couple.email, accessCode: 'AAAA-BBBB-CCCC' })).statusCode,
    ).toBe(401);
  });

  it('refuses the demo code while demo mode is off', async () => {
    const res = await post('/api/customer-auth/login', {
      email: t.config.demoEmail,
      accessCode: t.config.demoAccessCode,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: 'Invalid email or access code' });
  });

  it('answers 400 for a missing or malformed field', async () => {
    const missing = await post('/api/customer-auth/login', { email: 'a@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ success: false, message: 'accessCode: Enter your access code' });
    const bad = await post('/api/customer-auth/login', { email: 'not-an-email', accessCode: 'X' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('email: Enter a valid email address');
  });
});

describe('demo mode', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await createTestApp({ DEMO_MODE: 'true' });
  });
  afterAll(() => demo.close());

  it('opens the seeded demo account with the demo code, and only with the demo email', async () => {
    const ok = await demo.app.inject({
      method: 'POST',
      url: '/api/customer-auth/login',
      payload: { email: demo.config.demoEmail, accessCode: demo.config.demoAccessCode },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: expect.any(String) });
    const demoAccount = await demo.deps.db
      .selectFrom('accounts')
      .select('couple_id')
      .where('email', '=', demo.config.demoEmail)
      .executeTakeFirstOrThrow();
    const auth = await demo.app.inject({
      url: '/api/session',
      headers: { cookie: cookieFrom(ok.headers['set-cookie']) },
    });
    expect(auth.json()).toEqual({ customerId: demoAccount.couple_id });

    const other = await createCouple(demo.deps);
    const wrongEmail = await demo.app.inject({
      method: 'POST',
      url: '/api/customer-auth/login',
      payload: { email: other.email, accessCode: demo.config.demoAccessCode },
    });
    expect(wrongEmail.statusCode).toBe(401);
  });

  it('never starts a trial on the demo email', async () => {
    const res = await demo.app.inject({
      method: 'POST',
      url: '/api/customer-auth/login',
      payload: { email: demo.config.demoEmail, accessCode: 'TRY-52-WEEKS' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('GET /api/session gives the couple id, and 401 to anonymous visitors and admins', async () => {
    const couple = await createCouple(t.deps);
    const mine = await t.app.inject({
      url: '/api/session',
      headers: { cookie: await sessionCookie(t.deps, couple.accountId) },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ customerId: couple.coupleId });

    const anonymous = await t.app.inject({ url: '/api/session' });
    const admin = await t.app.inject({ url: '/api/session', headers: { cookie: await adminCookie(t.deps) } });
    for (const res of [anonymous, admin]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
  });

  it('treats a forged cookie as anonymous', async () => {
    for (const cookie of ['sid=forged-token', `sid=${'A'.repeat(43)}`, `sid=${'x'.repeat(500)}`]) {
      expect(await check(cookie)).toEqual({ authenticated: false, isAdmin: false, role: null, userId: null });
      expect((await t.app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(401);
    }
  });

  it('treats an expired session as anonymous', async () => {
    const couple = await createCouple(t.deps);
    const cookie = await sessionCookie(t.deps, couple.accountId);
    await t.deps.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1000 })
      .where('account_id', '=', couple.accountId)
      .execute();
    expect((await check(cookie)).authenticated).toBe(false);
    expect((await t.app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(401);
  });

  it('logout deletes the session row and clears the cookie', async () => {
    const couple = await createCouple(t.deps);
    const cookie = await sessionCookie(t.deps, couple.accountId);
    const res = await post('/api/auth/logout', {}, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const cleared = String(res.headers['set-cookie']);
    expect(cleared).toMatch(/^sid=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(cleared).toContain('HttpOnly');
    expect(await sessionCount(couple.accountId)).toBe(0);
    expect((await check(cookie)).authenticated).toBe(false);
  });

  // QA walk: after signing out, the sign-in page kept the last account's language, not the one
  // chosen on this (shared) device with the language switch (decision 0355).
  it('logout brings the language cookie back to the one chosen on this device, if any', async () => {
    const couple = await createCouple(t.deps);
    await t.deps.db.updateTable('accounts').set({ locale: 'es' }).where('id', '=', couple.accountId).execute();
    const languageSet = (res: { headers: Record<string, unknown> }) =>
      ([] as string[])
        .concat((res.headers['set-cookie'] as string[] | string | undefined) ?? [])
        .filter((cookie) => cookie.startsWith('vw_locale='));
    for (const url of ['/api/auth/logout', '/api/trpc/auth.logout']) {
      const session = await sessionCookie(t.deps, couple.accountId);
      const chosen = await post(url, {}, `${session}; vw_locale=es; vw_device_locale=en`);
      expect(chosen.statusCode, url).toBe(200);
      expect(languageSet(chosen), url).toEqual([
        expect.stringMatching(/^vw_locale=en; Max-Age=31536000; Path=\/; SameSite=Lax$/),
      ]);
      // No choice made on the device (or not a language): the last account's stays.
      for (const device of ['', '; vw_device_locale=fr']) {
        const res = await post(url, {}, `${await sessionCookie(t.deps, couple.accountId)}; vw_locale=es${device}`);
        expect(languageSet(res), url).toEqual([]);
      }
    }
  });

  it('logout without a session still answers {success:true}', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
  });

  it('refuses a sign-in from a foreign Origin with 403 before anything happens', async () => {
    const username = uniqueUsername();
    await createCouple(t.deps, { username, password: 'secret1' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/user-login',
      payload: { username, password: 'secret1' },
      headers: { origin: 'https://evil.example', host: 'localhost:3000' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('Secure cookies', () => {
  it('marks the cookies Secure when COOKIE_SECURE=true', async () => {
    const secure = await createTestApp({ COOKIE_SECURE: 'true' });
    try {
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'admin', password: TEST_ADMIN_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      // The session, the device cookie (decision 0201) and the account's language (decision 0309).
      const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
      expect(cookies.map((cookie) => cookie.split('=')[0]).sort()).toEqual(['device', 'sid', 'vw_locale']);
      for (const cookie of cookies) expect(cookie).toMatch(/; Secure/);

      // The language cookie too, for a visitor as for the signed-in.
      const locale = await secure.app.inject({ method: 'PUT', url: '/api/locale', payload: { locale: 'es' } });
      expect(locale.statusCode).toBe(200);
      expect(String(locale.headers['set-cookie'])).toMatch(/^vw_locale=es;.*; Secure/);
    } finally {
      await secure.close();
    }
  });
});
