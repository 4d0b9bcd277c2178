import { describe, expect, it } from 'vitest';
import { adminCookie, callerFor, createCouple, sessionCookie, useTestApp } from '../../test/harness';

const t = useTestApp();

async function signedInCouple(options: Parameters<typeof createCouple>[1] = {}) {
  const couple = await createCouple(t.deps, options);
  return { ...couple, cookie: await sessionCookie(t.deps, couple.accountId) };
}

function put(couple: { coupleId: number; cookie: string }, payload: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/profile/${couple.coupleId}`,
    headers: { cookie: couple.cookie },
    payload: payload as object,
  });
}

function get(couple: { coupleId: number; cookie: string }) {
  return t.app.inject({ url: `/api/profile/${couple.coupleId}`, headers: { cookie: couple.cookie } });
}

describe('GET /api/profile/{userId}', () => {
  it("answers the couple's profile", async () => {
    const couple = await signedInCouple({ displayName: 'Ana', partnerName: 'Ben', weddingDate: '2027-06-12' });
    const res = await get(couple);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userDisplayName: 'Ana', partnerName: 'Ben', weddingDate: '2027-06-12' });
  });

  it('answers a null wedding date when none is set', async () => {
    const couple = await signedInCouple({ weddingDate: null });
    expect((await get(couple)).json().weddingDate).toBeNull();
  });
});

describe('PUT /api/profile/{userId}', () => {
  it('saves trimmed names and the date, answers the saved profile and keeps it', async () => {
    const couple = await signedInCouple();
    const res = await put(couple, { userDisplayName: '  Maya ', partnerName: '\tNoah\n', weddingDate: '2027-09-04' });
    expect(res.statusCode).toBe(200);
    const saved = { userDisplayName: 'Maya', partnerName: 'Noah', weddingDate: '2027-09-04' };
    expect(res.json()).toEqual(saved);
    expect((await get(couple)).json()).toEqual(saved);
  });

  it.each([null, '', undefined])('clears the wedding date given %j', async (weddingDate) => {
    const couple = await signedInCouple({ weddingDate: '2027-01-01' });
    const res = await put(couple, { userDisplayName: 'A', partnerName: 'B', weddingDate });
    expect(res.statusCode).toBe(200);
    expect(res.json().weddingDate).toBeNull();
  });

  it.each([
    [{ userDisplayName: '   ', partnerName: 'B' }, /^userDisplayName: Your name is required$/],
    [{ userDisplayName: 'A', partnerName: '' }, /^partnerName: Your partner's name is required$/],
    [{ partnerName: 'B' }, /^userDisplayName/],
    [{ userDisplayName: 'x'.repeat(81), partnerName: 'B' }, /^userDisplayName: .*at most 80/],
    [{ userDisplayName: 'A', partnerName: 'y'.repeat(81) }, /^partnerName: .*at most 80/],
    [{ userDisplayName: 'A', partnerName: 'B', weddingDate: '2027-02-30' }, /^weddingDate/],
    [{ userDisplayName: 'A', partnerName: 'B', weddingDate: '12/06/2027' }, /^weddingDate/],
    [{ userDisplayName: 'A', partnerName: 'B', weddingDate: '2027-6-1' }, /^weddingDate/],
    [{ userDisplayName: 'A', partnerName: 'B', weddingDate: 20270612 }, /^weddingDate/],
  ])('refuses %j with 400 naming the field', async (payload, message) => {
    const couple = await signedInCouple({ displayName: 'Keep', partnerName: 'Me' });
    const res = await put(couple, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect((await get(couple)).json()).toMatchObject({ userDisplayName: 'Keep', partnerName: 'Me' });
  });

  // QA walk: 9999-12-31 was saved. A date more than 10 years ahead or 100 years back is a typo; a
  // couple married some years ago (the dashboard says "Married N days ago") is welcome.
  it('refuses a wedding date over 10 years ahead or 100 years back, on REST and tRPC alike', async () => {
    const couple = await signedInCouple({ displayName: 'Keep', partnerName: 'Me', weddingDate: '2027-06-12' });
    const year = new Date().getUTCFullYear();
    for (const [weddingDate, message] of [
      ['9999-12-31', 'weddingDate must be within 10 years from today'],
      [`${year + 11}-01-01`, 'weddingDate must be within 10 years from today'],
      ['1800-05-01', 'weddingDate must be within the last 100 years'],
      ['0202-05-01', 'weddingDate must be within the last 100 years'],
    ] as const) {
      const res = await put(couple, { userDisplayName: 'A', partnerName: 'B', weddingDate });
      expect(res.statusCode, weddingDate).toBe(400);
      expect(res.json().message).toBe(message);
      const caller = await callerFor(t, couple.cookie);
      await expect(caller.profile.update({ userDisplayName: 'A', partnerName: 'B', weddingDate })).rejects.toThrow(
        message,
      );
    }
    expect((await get(couple)).json()).toEqual({
      userDisplayName: 'Keep',
      partnerName: 'Me',
      weddingDate: '2027-06-12',
    });
    for (const weddingDate of [`${year + 9}-12-31`, `${year - 20}-06-12`, '2024-05-01']) {
      const res = await put(couple, { userDisplayName: 'A', partnerName: 'B', weddingDate });
      expect(res.statusCode, weddingDate).toBe(200);
      expect(res.json().weddingDate).toBe(weddingDate);
    }
  });

  it('accepts names of exactly 80 characters after trimming', async () => {
    const couple = await signedInCouple();
    const name = 'z'.repeat(80);
    const res = await put(couple, { userDisplayName: ` ${name} `, partnerName: name, weddingDate: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().userDisplayName).toBe(name);
  });

  it('accepts 29 February in a leap year', async () => {
    const couple = await signedInCouple();
    const res = await put(couple, { userDisplayName: 'A', partnerName: 'B', weddingDate: '2028-02-29' });
    expect(res.statusCode).toBe(200);
  });
});

describe('profile ownership', () => {
  it("refuses another couple's profile with 403 and leaves it alone", async () => {
    const owner = await signedInCouple({ displayName: 'Owner', partnerName: 'Two' });
    const intruder = await signedInCouple();
    const read = await t.app.inject({ url: `/api/profile/${owner.coupleId}`, headers: { cookie: intruder.cookie } });
    expect(read.statusCode).toBe(403);
    const write = await put(
      { coupleId: owner.coupleId, cookie: intruder.cookie },
      { userDisplayName: 'X', partnerName: 'Y' },
    );
    expect(write.statusCode).toBe(403);
    expect((await get(owner)).json()).toMatchObject({ userDisplayName: 'Owner', partnerName: 'Two' });
  });

  it('refuses anonymous callers with 401 and admins with 403', async () => {
    const owner = await signedInCouple();
    expect((await t.app.inject({ url: `/api/profile/${owner.coupleId}` })).statusCode).toBe(401);
    const admin = await adminCookie(t.deps);
    expect((await t.app.inject({ url: `/api/profile/${owner.coupleId}`, headers: { cookie: admin } })).statusCode).toBe(
      403,
    );
    const write = await t.app.inject({
      method: 'PUT',
      url: `/api/profile/${owner.coupleId}`,
      headers: { cookie: admin },
      payload: { userDisplayName: 'A', partnerName: 'B' },
    });
    expect(write.statusCode).toBe(403);
  });
});

describe('tRPC profile.*', () => {
  it('reads and updates the session couple profile', async () => {
    const couple = await signedInCouple({ displayName: 'Trial User', partnerName: 'Partner' });
    const caller = await callerFor(t, couple.cookie);
    expect(await caller.profile.get()).toEqual({
      userDisplayName: 'Trial User',
      partnerName: 'Partner',
      weddingDate: null,
    });
    expect(
      await caller.profile.update({ userDisplayName: ' Lea ', partnerName: 'Sol', weddingDate: '2027-05-01' }),
    ).toEqual({
      userDisplayName: 'Lea',
      partnerName: 'Sol',
      weddingDate: '2027-05-01',
    });
  });

  it("offers the buyer's first name from a completed order while onboarding is to do, and only that", async () => {
    const couple = await signedInCouple({ displayName: '', partnerName: '' });
    const order = (id: string, status: string, firstName: string, createdAt: string) =>
      t.deps.db
        .insertInto('orders')
        .values({
          id,
          couple_id: couple.coupleId,
          amount: 4900,
          first_name: firstName,
          last_name: 'Silva',
          email: 'ana@example.com',
          status,
          created_at: createdAt,
        })
        .execute();
    const caller = await callerFor(t, couple.cookie);
    expect(await caller.profile.get()).toEqual({ userDisplayName: '', partnerName: '', weddingDate: null });

    await order('pi_old', 'completed', 'Anna', '2027-01-01T00:00:00.000Z');
    await order('pi_new', 'completed', ' Ana ', '2027-02-01T00:00:00.000Z');
    await order('pi_pending', 'pending', 'Someone', '2027-03-01T00:00:00.000Z');
    expect(await caller.profile.get()).toEqual({
      userDisplayName: '',
      partnerName: '',
      weddingDate: null,
      buyerFirstName: 'Ana',
    });
    // The REST profile keeps its three fields.
    expect((await get(couple)).json()).toEqual({ userDisplayName: '', partnerName: '', weddingDate: null });

    await caller.profile.update({ userDisplayName: 'Ana', partnerName: 'Ben' });
    expect(await caller.profile.get()).toEqual({ userDisplayName: 'Ana', partnerName: 'Ben', weddingDate: null });
  });

  it('refuses bad input as BAD_REQUEST with the field in the message', async () => {
    const couple = await signedInCouple();
    const caller = await callerFor(t, couple.cookie);
    await expect(caller.profile.update({ userDisplayName: ' ', partnerName: 'B' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/Your name is required/),
    });
  });

  it('refuses anonymous and admin callers', async () => {
    await expect((await callerFor(t)).profile.get()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect((await callerFor(t, await adminCookie(t.deps))).profile.get()).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});
