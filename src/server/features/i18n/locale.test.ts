import { describe, expect, it } from 'vitest';
import { adminCookie, callerFor, createCouple, sessionCookie, useTestApp } from '../../test/harness';
import { localeOfAccount, recipientLocale } from './locale';
import { t as translate } from './translate';

const t = useTestApp();

async function signedInCouple() {
  const couple = await createCouple(t.deps);
  return { ...couple, cookie: await sessionCookie(t.deps, couple.accountId) };
}

const putLocale = (payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'PUT', url: '/api/locale', headers: cookie ? { cookie } : {}, payload: payload as object });

describe('PUT /api/locale', () => {
  it("keeps a signed-in partner's choice on their own account and in the cookie", async () => {
    const couple = await signedInCouple();
    const res = await putLocale({ locale: 'es' }, couple.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ locale: 'es' });
    expect(res.headers['set-cookie']).toMatch(/^vw_locale=es; Max-Age=31536000; Path=\/; SameSite=Lax/);
    expect(await localeOfAccount(t.deps.db, couple.accountId)).toBe('es');
  });

  it('sets only the cookie for a visitor', async () => {
    const res = await putLocale({ locale: 'es' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toContain('vw_locale=es');
  });

  it.each([{ locale: 'fr' }, { locale: 'ES' }, { locale: '' }, {}, { locale: 'es', extra: 1 }, { locale: ['es'] }])(
    'answers 400 to %j and changes nothing',
    async (payload) => {
      const couple = await signedInCouple();
      const res = await putLocale(payload, couple.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await localeOfAccount(t.deps.db, couple.accountId)).toBe('en');
    },
  );
});

describe('a sign-in (decision 0309)', () => {
  it("puts the account's language in the cookie, whatever the page's, and leaves the account as it is", async () => {
    const password = 'sign-in-language-1';
    const [spanish, english] = [`es-${Date.now()}`, `en-${Date.now()}`];
    const { accountId } = await createCouple(t.deps, { username: spanish, password });
    await t.deps.db.updateTable('accounts').set({ locale: 'es' }).where('id', '=', accountId).execute();
    const other = await createCouple(t.deps, { username: english, password });
    const signIn = (username: string, pageLanguage: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/user-login',
        headers: { cookie: `vw_locale=${pageLanguage}`, 'accept-language': pageLanguage },
        payload: { username, password },
      });
    const cookies = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie']);

    const fromEnglishPage = await signIn(spanish, 'en');
    expect(fromEnglishPage.statusCode).toBe(200);
    expect(cookies(fromEnglishPage)).toMatch(/(^|,)vw_locale=es; Max-Age=31536000; Path=\/; SameSite=Lax/);
    const fromSpanishPage = await signIn(english, 'es');
    expect(fromSpanishPage.statusCode).toBe(200);
    expect(cookies(fromSpanishPage)).toContain('vw_locale=en;');
    expect(await localeOfAccount(t.deps.db, accountId)).toBe('es');
    expect(await localeOfAccount(t.deps.db, other.accountId)).toBe('en');
  });

  it('sets no language cookie when the sign-in fails', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/user-login',
      payload: { username: `nobody-${Date.now()}`, password: 'not-the-password-1' },
    });
    expect(res.statusCode).toBe(401);
    expect(String(res.headers['set-cookie'] ?? '')).not.toContain('vw_locale');
  });
});

describe('profile.setLocale (tRPC)', () => {
  it("sets the caller's own language, partner or admin", async () => {
    const couple = await signedInCouple();
    const caller = await callerFor(t, couple.cookie);
    expect(await caller.profile.setLocale({ locale: 'es' })).toEqual({ locale: 'es' });
    expect(await recipientLocale(t.deps.db, { email: couple.email })).toBe('es');
    const admin = await callerFor(t, await adminCookie(t.deps));
    expect(await admin.profile.setLocale({ locale: 'es' })).toEqual({ locale: 'es' });
    expect(await admin.profile.setLocale({ locale: 'en' })).toEqual({ locale: 'en' });
  });

  it('refuses anything but en or es, and a visitor', async () => {
    const couple = await signedInCouple();
    const caller = await callerFor(t, couple.cookie);
    await expect(caller.profile.setLocale({ locale: 'fr' } as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await localeOfAccount(t.deps.db, couple.accountId)).toBe('en');
    const visitor = await callerFor(t);
    await expect(visitor.profile.setLocale({ locale: 'es' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe("a recipient's language", () => {
  it('is English for an unknown address, the account language otherwise (any letter case)', async () => {
    const couple = await signedInCouple();
    expect(await recipientLocale(t.deps.db, { email: 'nobody@example.com' })).toBe('en');
    await t.deps.db.updateTable('accounts').set({ locale: 'es' }).where('id', '=', couple.accountId).execute();
    expect(await recipientLocale(t.deps.db, { email: couple.email.toUpperCase() })).toBe('es');
    expect(await recipientLocale(t.deps.db, { coupleId: couple.coupleId })).toBe('es');
  });
});

describe('t()', () => {
  it('translates with ICU values, and falls back to English only for a missing Spanish key', () => {
    expect(translate('es', 'landing.curriculum.phaseOf', { number: 2, total: 4 })).toBe('Etapa 2 de 4');
    expect(translate('en', 'landing.curriculum.phaseOf', { number: 2, total: 4 })).toBe('Phase 2 of 4');
  });
});
