import { describe, expect, it, vi } from 'vitest';
import { TOTAL_WEEKS } from '../../../shared/constants';
import {
  adminCookie,
  callerFor,
  type CoupleFixture,
  createCouple,
  sessionCookie,
  useTestApp,
} from '../../test/harness';
import { getProgression } from './service';
import { LOCKED_WEEK_MESSAGE } from './unlock';
import { seedCompletedWeeks } from './test-support';

const t = useTestApp({ TRIAL_WEEKS: '3' });

async function signedInCouple(options: Parameters<typeof createCouple>[1] = {}) {
  const couple = await createCouple(t.deps, options);
  return { ...couple, cookie: await sessionCookie(t.deps, couple.accountId) };
}

function progression(couple: CoupleFixture & { cookie: string }) {
  return t.app.inject({ url: `/api/user-progression/${couple.coupleId}`, headers: { cookie: couple.cookie } });
}

function complete(couple: CoupleFixture & { cookie: string }, week: number | string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/progress/${couple.coupleId}/${week}/complete`,
    headers: { cookie: couple.cookie },
  });
}

function save(couple: CoupleFixture & { cookie: string }, week: number | string, body: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `/api/progress/${couple.coupleId}/${week}`,
    headers: { cookie: couple.cookie },
    payload: body as object,
  });
}

describe('GET /api/user-progression/{userId}', () => {
  it('answers a new couple with nothing completed and week 1 next', async () => {
    const couple = await signedInCouple();
    const res = await progression(couple);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ totalCompleted: 0, progressPercentage: 0, completedWeeks: [], nextWeek: 1 });
  });

  it('counts completed weeks, sorts them, keeps the percentage unrounded and finds the first gap', async () => {
    const couple = await signedInCouple();
    await seedCompletedWeeks(t.deps, couple.coupleId, [3, 1, 2, 5]);
    // A week with only a rating is not completed.
    await t.deps.db
      .insertInto('progress')
      .values({ couple_id: couple.coupleId, week_number: 4, rating: 3, updated_at: new Date().toISOString() })
      .execute();

    const res = await progression(couple);
    expect(res.json()).toEqual({
      totalCompleted: 4,
      progressPercentage: (4 / 52) * 100,
      completedWeeks: [1, 2, 3, 5],
      nextWeek: 4,
    });
    expect(res.json().progressPercentage).toBeCloseTo(7.6923, 4);
  });

  it('gives 100 % and no next week when all 52 are done', async () => {
    const couple = await signedInCouple();
    await seedCompletedWeeks(
      t.deps,
      couple.coupleId,
      Array.from({ length: TOTAL_WEEKS }, (_, i) => i + 1),
    );
    expect(await progression(couple).then((r) => r.json())).toMatchObject({
      totalCompleted: 52,
      progressPercentage: 100,
      nextWeek: null,
    });
  });

  it("answers the very text JSON.stringify gives the service's answer (the serializer's schema leaves nothing out)", async () => {
    for (const weeks of [[], [1, 26, 27, 52], Array.from({ length: TOTAL_WEEKS }, (_, i) => i + 1)]) {
      const couple = await signedInCouple();
      await seedCompletedWeeks(t.deps, couple.coupleId, weeks);
      const res = await progression(couple);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body).toBe(JSON.stringify(await getProgression(t.deps, { ...couple, accessLevel: 'full' })));
    }
  });
});

describe('POST /api/progress/{userId}/{weekNumber}/complete', () => {
  it('completes week 1 and answers the record', async () => {
    const couple = await signedInCouple();
    const res = await complete(couple, 1);
    expect(res.statusCode).toBe(200);
    const record = res.json();
    expect(record).toEqual({ weekNumber: 1, notes: '', rating: null, completedAt: expect.any(String) });
    expect(Number.isNaN(Date.parse(record.completedAt))).toBe(false);
  });

  it('keeps the first completedAt when a week is completed twice, and its notes and rating', async () => {
    const couple = await signedInCouple();
    const first = (await complete(couple, 1)).json();
    await save(couple, 1, { notes: 'We talked for an hour.', rating: 4 });
    // A later clock, so a second completedAt would differ from the first.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(first.completedAt) + 60_000);
    const second = await complete(couple, 1);
    vi.useRealTimers();
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({
      weekNumber: 1,
      notes: 'We talked for an hour.',
      rating: 4,
      completedAt: first.completedAt,
    });
  });

  it('refuses a locked week with 403 and the spec message, and stores nothing', async () => {
    const couple = await signedInCouple();
    const res = await complete(couple, 2);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: LOCKED_WEEK_MESSAGE });
    expect(LOCKED_WEEK_MESSAGE).toBe('You need to complete the previous week first.');
    expect((await progression(couple)).json().totalCompleted).toBe(0);
  });

  it('unlocks week N once week N-1 is completed', async () => {
    const couple = await signedInCouple();
    expect((await complete(couple, 1)).statusCode).toBe(200);
    expect((await complete(couple, 2)).statusCode).toBe(200);
    expect((await complete(couple, 4)).statusCode).toBe(403);
    expect((await complete(couple, 3)).statusCode).toBe(200);
    expect((await progression(couple)).json()).toMatchObject({ completedWeeks: [1, 2, 3], nextWeek: 4 });
  });

  it('stops a trial couple at the trial limit (config TRIAL_WEEKS) from the couple row', async () => {
    const trial = await signedInCouple({ accessLevel: 'trial' });
    for (const week of [1, 2, 3]) expect((await complete(trial, week)).statusCode).toBe(200);
    const beyond = await complete(trial, 4);
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json()).toEqual({ message: LOCKED_WEEK_MESSAGE });

    // The same couple, upgraded to full access (a completed order), goes on.
    await t.deps.db.updateTable('couples').set({ access_level: 'full' }).where('id', '=', trial.coupleId).execute();
    expect((await complete(trial, 4)).statusCode).toBe(200);
  });

  it('keeps completed weeks open for a trial couple even above the limit', async () => {
    const trial = await signedInCouple({ accessLevel: 'trial' });
    await seedCompletedWeeks(t.deps, trial.coupleId, [1, 2, 3, 4, 5]);
    expect((await complete(trial, 5)).statusCode).toBe(200);
    expect((await save(trial, 5, { rating: 5 })).statusCode).toBe(200);
    expect((await complete(trial, 6)).statusCode).toBe(403);
  });

  it.each(['0', '53', 'abc', '1.5'])('answers 400 naming weekNumber for week %s', async (week) => {
    const couple = await signedInCouple();
    const res = await complete(couple, week);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/weekNumber/);
  });
});

describe('POST /api/progress/{userId}/{weekNumber}', () => {
  it('saves notes and a rating on an unlocked week that is not completed yet', async () => {
    const couple = await signedInCouple();
    const res = await save(couple, 1, { notes: 'First conversation.', rating: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ weekNumber: 1, notes: 'First conversation.', rating: 5, completedAt: null });
  });

  it('clears the rating with null and keeps the notes when they are left out', async () => {
    const couple = await signedInCouple();
    await save(couple, 1, { notes: 'Keep me', rating: 3 });
    const res = await save(couple, 1, { rating: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ notes: 'Keep me', rating: null });
  });

  it('keeps the rating when only notes are saved (no lost concurrent update)', async () => {
    const couple = await signedInCouple();
    await Promise.all([save(couple, 1, { rating: 2 }), save(couple, 1, { notes: 'Written in the other tab' })]);
    const list = await t.app.inject({ url: `/api/progress/${couple.coupleId}`, headers: { cookie: couple.cookie } });
    expect(list.json()).toEqual([{ weekNumber: 1, notes: 'Written in the other tab', rating: 2, completedAt: null }]);
  });

  it.each([0, 6, 3.5, '4', true])('refuses rating %s with 400 naming the field', async (rating) => {
    const couple = await signedInCouple();
    const res = await save(couple, 1, { rating });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^rating/);
  });

  it.each([1, 5])('accepts the bounds: rating %s', async (rating) => {
    const couple = await signedInCouple();
    expect((await save(couple, 1, { rating })).json()).toMatchObject({ rating });
  });

  it('accepts notes of 10,000 characters and refuses 10,001', async () => {
    const couple = await signedInCouple();
    expect((await save(couple, 1, { notes: 'n'.repeat(10_000) })).statusCode).toBe(200);
    const tooLong = await save(couple, 1, { notes: 'n'.repeat(10_001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/^notes/);
  });

  it('refuses a body with neither notes nor rating', async () => {
    const couple = await signedInCouple();
    const res = await save(couple, 1, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/notes or rating/);
  });

  it('refuses a locked week with 403', async () => {
    const couple = await signedInCouple();
    const res = await save(couple, 7, { rating: 4 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: LOCKED_WEEK_MESSAGE });
  });
});

describe('GET /api/progress/{userId}', () => {
  it('lists the records by week with their fields', async () => {
    const couple = await signedInCouple();
    await complete(couple, 1);
    await save(couple, 2, { notes: 'Started' });
    const res = await t.app.inject({ url: `/api/progress/${couple.coupleId}`, headers: { cookie: couple.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { weekNumber: 1, notes: '', rating: null, completedAt: expect.any(String) },
      { weekNumber: 2, notes: 'Started', rating: null, completedAt: null },
    ]);
  });

  it('answers an empty list for a new couple', async () => {
    const couple = await signedInCouple();
    const res = await t.app.inject({ url: `/api/progress/${couple.coupleId}`, headers: { cookie: couple.cookie } });
    expect(res.json()).toEqual([]);
  });
});

describe('ownership', () => {
  const calls = (userId: number | string) => [
    { method: 'GET' as const, url: `/api/user-progression/${userId}` },
    { method: 'GET' as const, url: `/api/progress/${userId}` },
    { method: 'POST' as const, url: `/api/progress/${userId}/1/complete` },
    { method: 'POST' as const, url: `/api/progress/${userId}/1`, payload: { rating: 3 } },
  ];

  it("refuses another couple's id with 403 and changes nothing", async () => {
    const owner = await signedInCouple();
    const intruder = await signedInCouple();
    for (const call of calls(owner.coupleId)) {
      const res = await t.app.inject({ ...call, headers: { cookie: intruder.cookie } });
      expect(res.statusCode, call.url).toBe(403);
      expect(res.json()).toEqual({ message: 'You can only access your own data.' });
    }
    expect((await progression(owner)).json().totalCompleted).toBe(0);
  });

  it('refuses anonymous callers with 401', async () => {
    const owner = await signedInCouple();
    for (const call of calls(owner.coupleId)) {
      const res = await t.app.inject(call);
      expect(res.statusCode, call.url).toBe(401);
    }
  });

  it('refuses an admin with 403', async () => {
    const owner = await signedInCouple();
    const cookie = await adminCookie(t.deps);
    for (const call of calls(owner.coupleId)) {
      const res = await t.app.inject({ ...call, headers: { cookie } });
      expect(res.statusCode, call.url).toBe(403);
    }
  });

  it('refuses a non-numeric user id with 403', async () => {
    const couple = await signedInCouple();
    const res = await t.app.inject({ url: '/api/progress/me', headers: { cookie: couple.cookie } });
    expect(res.statusCode).toBe(403);
  });
});

describe('tRPC progress.*', () => {
  it('completes, saves, lists and reports progression for the session couple', async () => {
    const couple = await signedInCouple();
    const caller = await callerFor(t, couple.cookie);
    const record = await caller.progress.complete({ weekNumber: 1 });
    expect(record).toMatchObject({ weekNumber: 1, completedAt: expect.any(String) });
    expect(await caller.progress.update({ weekNumber: 1, rating: 4, notes: 'ok' })).toMatchObject({
      rating: 4,
      notes: 'ok',
    });
    expect(await caller.progress.update({ weekNumber: 1, rating: null })).toMatchObject({ rating: null, notes: 'ok' });
    expect(await caller.progress.list()).toHaveLength(1);
    expect(await caller.progress.progression()).toEqual({
      totalCompleted: 1,
      progressPercentage: 100 / 52,
      completedWeeks: [1],
      nextWeek: 2,
    });
  });

  it('tells the dashboard the access level and the last week it opens', async () => {
    const trial = await callerFor(t, (await signedInCouple({ accessLevel: 'trial' })).cookie);
    expect(await trial.progress.access()).toEqual({ accessLevel: 'trial', weekLimit: 3 });
    const full = await callerFor(t, (await signedInCouple({ accessLevel: 'full' })).cookie);
    expect(await full.progress.access()).toEqual({ accessLevel: 'full', weekLimit: 52 });
  });

  it('refuses a locked week as FORBIDDEN with the spec message', async () => {
    const couple = await signedInCouple();
    const caller = await callerFor(t, couple.cookie);
    await expect(caller.progress.complete({ weekNumber: 2 })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: LOCKED_WEEK_MESSAGE,
    });
    await expect(caller.progress.update({ weekNumber: 2, rating: 3 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('refuses bad input as BAD_REQUEST', async () => {
    const couple = await signedInCouple();
    const caller = await callerFor(t, couple.cookie);
    await expect(caller.progress.update({ weekNumber: 1, rating: 9 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.progress.complete({ weekNumber: 53 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('refuses anonymous (UNAUTHORIZED) and admin (FORBIDDEN) callers', async () => {
    await expect((await callerFor(t)).progress.progression()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const admin = await callerFor(t, await adminCookie(t.deps));
    await expect(admin.progress.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
