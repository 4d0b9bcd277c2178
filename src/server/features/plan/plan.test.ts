import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { addDays, DEFAULT_CORE_WEEKS } from '../../../shared/plan';
import { adminCookie, callerFor, createCouple, sessionCookie, useTestApp } from '../../test/harness';
import { listUnlockInputs } from '../progress/repo';
import { seedCompletedWeeks } from '../progress/test-support';
import { dayIn } from './service';

const t = useTestApp({ PUBLIC_URL: 'https://vows.example.com' });

const today = () => dayIn('UTC', new Date());

async function signedInCouple(options: Parameters<typeof createCouple>[1] = {}) {
  const couple = await createCouple(t.deps, options);
  return { ...couple, cookie: await sessionCookie(t.deps, couple.accountId) };
}
type Couple = Awaited<ReturnType<typeof signedInCouple>>;

function rest(couple: Couple, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { cookie: couple.cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function planRow(coupleId: number) {
  return t.deps.db.selectFrom('couple_plans').selectAll().where('couple_id', '=', coupleId).executeTakeFirst();
}

describe('the plan (REST and tRPC)', () => {
  it('proposes one week a week with time, faster with less, the core path for a wedding in 10 weeks, and accepts it', async () => {
    const far = await signedInCouple({ weddingDate: addDays(today(), 400) });
    expect((await rest(far, 'GET', `/api/plan/${far.coupleId}`)).json().proposal).toMatchObject({
      kind: 'weekly',
      pace: 1,
    });

    const half = await signedInCouple({ weddingDate: addDays(today(), 200) });
    expect((await rest(half, 'GET', `/api/plan/${half.coupleId}`)).json().proposal).toMatchObject({
      kind: 'faster',
      pace: 2,
    });

    const soon = await signedInCouple({ weddingDate: addDays(today(), 70) });
    const caller = await callerFor(t, soon.cookie);
    const overview = await caller.plan.overview();
    expect(overview.proposal).toMatchObject({ kind: 'core-path', pace: 3, corePath: true });
    expect(overview.accepted).toBeNull();
    const accepted = await caller.plan.accept({});
    expect(accepted.accepted).toMatchObject({ kind: 'core-path', start: today() });
    expect(accepted.standing).toMatchObject({ planWeek: 1, behind: 0, nextWeek: 1 });
    expect(accepted.accepted!.sessions.slice(0, DEFAULT_CORE_WEEKS.length).map((s) => s.weekNumber)).toEqual([
      ...DEFAULT_CORE_WEEKS,
    ]);
  });

  it('lets the couple change the plan: a chosen finish date, pace or the course order', async () => {
    const couple = await signedInCouple({ weddingDate: addDays(today(), 70) });
    const res = await rest(couple, 'POST', `/api/plan/${couple.coupleId}/accept`, { pace: 2, corePath: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().accepted).toMatchObject({ pace: 2, corePath: false, kind: 'faster' });
    expect(res.json().accepted.choice).toEqual({ finishDate: null, pace: 2, corePath: false });
    const chosen = await rest(couple, 'POST', `/api/plan/${couple.coupleId}/accept`, {
      finishDate: addDays(today(), 500),
    });
    expect(chosen.json().accepted).toMatchObject({ kind: 'weekly', finish: addDays(today(), 500) });
  });

  it('plans a wedding date in the past, today or over 3 years away week by week, and says which', async () => {
    for (const [offset, kind] of [
      [-30, 'after-wedding'],
      [0, 'after-wedding'],
      [3 * 366 + 10, 'no-date'],
    ] as const) {
      const couple = await signedInCouple({ weddingDate: addDays(today(), offset) });
      const res = await rest(couple, 'GET', `/api/plan/${couple.coupleId}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().proposal).toMatchObject({ kind, pace: 1, corePath: false });
    }
  });

  it.each([
    [{ finishDate: 'yesterday' }, /finishDate/],
    [{ finishDate: '2026-02-30' }, /finishDate/],
    [{ pace: 4 }, /pace must be 1, 2 or 3/],
    [{ corePath: 'yes' }, /corePath/],
  ])('refuses a bad choice %j with 400 and stores nothing', async (body, message) => {
    const couple = await signedInCouple({ weddingDate: addDays(today(), 70) });
    const res = await rest(couple, 'POST', `/api/plan/${couple.coupleId}/accept`, body);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(message);
    expect(await planRow(couple.coupleId)).toBeUndefined();
  });

  it('refuses a chosen finish date today, in the past or over 3 years away (400, tRPC BAD_REQUEST), storing nothing', async () => {
    const couple = await signedInCouple({ weddingDate: addDays(today(), 70) });
    for (const offset of [0, -1, 3 * 366 + 1]) {
      const res = await rest(couple, 'POST', `/api/plan/${couple.coupleId}/accept`, {
        finishDate: addDays(today(), offset),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/after today|within three years/);
    }
    const caller = await callerFor(t, couple.cookie);
    await expect(caller.plan.accept({ finishDate: addDays(today(), -5) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(caller.plan.preview({ finishDate: addDays(today(), -5) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await planRow(couple.coupleId)).toBeUndefined();
  });

  it("answers only the couple's own plan (403 for another couple's id, 401 signed out, admins refused)", async () => {
    const a = await signedInCouple();
    const b = await signedInCouple();
    expect((await rest(a, 'GET', `/api/plan/${b.coupleId}`)).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/plan/${a.coupleId}` })).statusCode).toBe(401);
    const admin = await adminCookie(t.deps);
    expect((await t.app.inject({ url: `/api/plan/${a.coupleId}`, headers: { cookie: admin } })).statusCode).toBe(403);
  });
});

describe('the time zone on the profile', () => {
  it.each(['Mars/Olympus_Mons', '+02:00', 'GMT+2', 'Europe/', '', 'x'.repeat(80), 42])(
    'refuses %j with 400 and keeps the stored zone',
    async (timeZone) => {
      const couple = await signedInCouple();
      await rest(couple, 'PUT', `/api/profile/${couple.coupleId}/time-zone`, { timeZone: 'Europe/Madrid' });
      const res = await rest(couple, 'PUT', `/api/profile/${couple.coupleId}/time-zone`, { timeZone });
      expect(res.statusCode).toBe(400);
      expect(res.body).toMatch(/IANA time zone/);
      const caller = await callerFor(t, couple.cookie);
      expect((await caller.plan.overview()).timeZone).toBe('Europe/Madrid');
      await expect(caller.plan.setTimeZone({ timeZone: timeZone as string })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
      });
    },
  );

  it('stores an IANA name and plans the days in it', async () => {
    const couple = await signedInCouple();
    const res = await rest(couple, 'PUT', `/api/profile/${couple.coupleId}/time-zone`, {
      timeZone: 'Pacific/Kiritimati',
    });
    expect(res.statusCode).toBe(200);
    const overview = (await rest(couple, 'GET', `/api/plan/${couple.coupleId}`)).json();
    expect(overview.timeZone).toBe('Pacific/Kiritimati');
    expect(overview.today).toBe(dayIn('Pacific/Kiritimati', new Date()));
  });
});

describe('the core path and the unlock rule, on every path', () => {
  async function coreCouple() {
    const couple = await signedInCouple({ weddingDate: addDays(today(), 70) });
    expect((await rest(couple, 'POST', `/api/plan/${couple.coupleId}/accept`, {})).json().accepted.corePath).toBe(true);
    await seedCompletedWeeks(t.deps, couple.coupleId, [1, 2]);
    return couple;
  }

  it('REST: after weeks 1 and 2 the plan opens week 6 (the next core week) and week 3 (the spec), never week 7 or 4', async () => {
    const couple = await coreCouple();
    const complete = (week: number) => rest(couple, 'POST', `/api/progress/${couple.coupleId}/${week}/complete`);
    expect((await complete(7)).statusCode).toBe(403);
    expect((await complete(4)).statusCode).toBe(403);
    expect((await rest(couple, 'POST', `/api/progress/${couple.coupleId}/7`, { notes: 'x' })).statusCode).toBe(403);
    expect((await rest(couple, 'GET', `/api/download-framework/7`)).statusCode).toBe(403);
    expect((await complete(6)).statusCode).toBe(200);
    expect((await complete(7)).statusCode).toBe(200);
    expect((await complete(3)).statusCode).toBe(200);
    // Week 9 is not core and 8 is not completed: closed; 10 follows 7 in the plan: open.
    expect((await complete(9)).statusCode).toBe(403);
    expect((await complete(10)).statusCode).toBe(200);

    const map = (await rest(couple, 'GET', `/api/frameworks-with-access/${couple.coupleId}`)).json() as {
      weekNumber: number;
      isUnlocked: boolean;
      state: string;
    }[];
    expect(map.find((week) => week.weekNumber === 12)).toMatchObject({ isUnlocked: true, state: 'next' });
    expect(map.find((week) => week.weekNumber === 13)?.isUnlocked).toBe(false);
  });

  it('tRPC: the same rule (progress, workbook and content procedures)', async () => {
    const couple = await coreCouple();
    const caller = await callerFor(t, couple.cookie);
    await expect(caller.progress.complete({ weekNumber: 7 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(caller.workbook.content({ weekNumber: 7 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(caller.workbook.content({ weekNumber: 6 })).resolves.toMatchObject({ title: expect.any(String) });
    await expect(caller.progress.complete({ weekNumber: 6 })).resolves.toMatchObject({ weekNumber: 6 });
    await expect(caller.progress.complete({ weekNumber: 7 })).resolves.toMatchObject({ weekNumber: 7 });
  });

  it("reads the rule's inputs in one statement: the records by week and the accepted plan's JSON", async () => {
    const couple = await coreCouple();
    await rest(couple, 'POST', `/api/progress/${couple.coupleId}/3`, { notes: 'started', rating: 4 });
    const inputs = await listUnlockInputs(t.deps.db, couple.coupleId);
    expect(inputs.records).toEqual([
      { weekNumber: 1, notes: '', notesRevision: 0, rating: null, completedAt: expect.any(String) },
      { weekNumber: 2, notes: '', notesRevision: 0, rating: null, completedAt: expect.any(String) },
      { weekNumber: 3, notes: 'started', notesRevision: 1, rating: 4, completedAt: null },
    ]);
    expect(inputs.acceptedPlan).toBe((await planRow(couple.coupleId))!.plan);

    const planOnly = await signedInCouple({ weddingDate: addDays(today(), 70) });
    await rest(planOnly, 'POST', `/api/plan/${planOnly.coupleId}/accept`, {});
    expect(await listUnlockInputs(t.deps.db, planOnly.coupleId)).toEqual({
      records: [],
      acceptedPlan: (await planRow(planOnly.coupleId))!.plan,
    });
    const neither = await signedInCouple();
    expect(await listUnlockInputs(t.deps.db, neither.coupleId)).toEqual({ records: [], acceptedPlan: null });
  });

  it('without a core-path plan, the spec rule alone: week 6 stays closed after weeks 1 and 2', async () => {
    const couple = await signedInCouple({ weddingDate: addDays(today(), 400) });
    await rest(couple, 'POST', `/api/plan/${couple.coupleId}/accept`, {});
    await seedCompletedWeeks(t.deps, couple.coupleId, [1, 2]);
    expect((await rest(couple, 'POST', `/api/progress/${couple.coupleId}/6/complete`)).statusCode).toBe(403);
    const caller = await callerFor(t, couple.cookie);
    await expect(caller.progress.complete({ weekNumber: 6 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('the trial limit still closes a core week beyond it', async () => {
    const couple = await signedInCouple({ weddingDate: addDays(today(), 70), accessLevel: 'trial' });
    await rest(couple, 'POST', `/api/plan/${couple.coupleId}/accept`, {});
    await seedCompletedWeeks(t.deps, couple.coupleId, [1, 2]);
    expect((await rest(couple, 'POST', `/api/progress/${couple.coupleId}/6/complete`)).statusCode).toBe(403);
  });
});

describe('pause and resume', () => {
  it('pauses until a date (or open-ended), freezes the plan, refuses changes while paused, resumes and recomputes', async () => {
    const couple = await signedInCouple({ weddingDate: addDays(today(), 70) });
    await rest(couple, 'POST', `/api/plan/${couple.coupleId}/accept`, {});
    const until = addDays(today(), 21);
    const paused = await rest(couple, 'POST', `/api/plan/${couple.coupleId}/pause`, { until });
    expect(paused.statusCode).toBe(200);
    expect(paused.json().paused).toMatchObject({ until });
    expect((await rest(couple, 'POST', `/api/plan/${couple.coupleId}/pause`, { until: null })).statusCode).toBe(409);
    expect((await rest(couple, 'POST', `/api/plan/${couple.coupleId}/accept`, {})).statusCode).toBe(409);

    const admin = await adminCookie(t.deps);
    const adminCaller = await callerFor(t, admin);
    const list = await adminCaller.adminPlan.pausedCouples();
    expect(list.find((row) => row.coupleId === couple.coupleId)).toMatchObject({ pausedUntil: until });
    expect(Object.keys(list[0]!).sort()).toEqual(['coupleId', 'displayName', 'partnerName', 'pausedAt', 'pausedUntil']);

    // Back early: the plan is recomputed from today with the weeks done meanwhile left out.
    await seedCompletedWeeks(t.deps, couple.coupleId, [1]);
    const resumed = await rest(couple, 'POST', `/api/plan/${couple.coupleId}/resume`);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().paused).toBeNull();
    expect(resumed.json().accepted.sessions[0]).toMatchObject({ weekNumber: 2, date: today() });
    expect((await rest(couple, 'POST', `/api/plan/${couple.coupleId}/resume`)).statusCode).toBe(409);
    expect((await adminCaller.adminPlan.pausedCouples()).some((row) => row.coupleId === couple.coupleId)).toBe(false);
    const pauses = await t.deps.db
      .selectFrom('couple_pauses')
      .selectAll()
      .where('couple_id', '=', couple.coupleId)
      .execute();
    expect(pauses).toHaveLength(1);
    expect(pauses[0]!.ended_at).not.toBeNull();
  });

  it.each([
    [{ until: 'soon' }, 400],
    [{}, 400],
    [{ until: '2020-01-01' }, 400],
  ])('refuses a bad pause %j with %i and stays unpaused', async (body, status) => {
    const couple = await signedInCouple({ weddingDate: addDays(today(), 70) });
    await rest(couple, 'POST', `/api/plan/${couple.coupleId}/accept`, {});
    expect((await rest(couple, 'POST', `/api/plan/${couple.coupleId}/pause`, body)).statusCode).toBe(status);
    expect((await planRow(couple.coupleId))?.paused_at).toBeNull();
  });

  it('refuses a pause today or over a year away, and a pause without a plan (409)', async () => {
    const couple = await signedInCouple({ weddingDate: addDays(today(), 70) });
    expect((await rest(couple, 'POST', `/api/plan/${couple.coupleId}/pause`, { until: null })).statusCode).toBe(409);
    await rest(couple, 'POST', `/api/plan/${couple.coupleId}/accept`, {});
    for (const offset of [0, 400]) {
      const res = await rest(couple, 'POST', `/api/plan/${couple.coupleId}/pause`, { until: addDays(today(), offset) });
      expect(res.statusCode).toBe(400);
    }
    expect((await planRow(couple.coupleId))?.paused_at).toBeNull();
  });
});

describe('the private calendar feed', () => {
  async function feedCouple(timeZone: string) {
    const couple = await signedInCouple({ weddingDate: addDays(today(), 70) });
    await rest(couple, 'PUT', `/api/profile/${couple.coupleId}/time-zone`, { timeZone });
    const caller = await callerFor(t, couple.cookie);
    await caller.plan.accept({});
    const { url } = await caller.plan.createCalendarFeed();
    return { couple, caller, url, path: new URL(url).pathname };
  }

  function parse(ics: string) {
    const calendar = new ICAL.Component(ICAL.parse(ics));
    return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
  }

  it('serves the planned sessions, parsed back by ical.js, each at 19:00 on its planned day in the couple’s zone', async () => {
    const { path, caller } = await feedCouple('America/New_York');
    expect(path).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const res = await t.app.inject({ url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const events = parse(res.body);
    const plan = (await caller.plan.overview()).accepted!;
    expect(events).toHaveLength(plan.sessions.length);
    for (const [index, event] of events.entries()) {
      const session = plan.sessions[index]!;
      expect(event.summary).toMatch(new RegExp(`^Week ${session.weekNumber}: `));
      const local = new Intl.DateTimeFormat('en-CA', {
        timeZone: 'America/New_York',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(event.startDate.toJSDate());
      expect(local).toBe(`${session.date}, 19:00`);
      expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(60 * 60_000);
    }
    // The sessions span the switch to daylight saving time (14 March 2027): the wall clock stays at
    // 19:00 while the UTC hour moves.
    expect(new Set(events.map((event) => event.startDate.toJSDate().getUTCHours())).size).toBe(2);
    // Completed weeks leave the feed.
    await caller.progress.complete({ weekNumber: 1 });
    expect(parse((await t.app.inject({ url: path })).body)).toHaveLength(plan.sessions.length - 1);
  });

  it('a revoked, unknown or malformed address answers 404; a new address replaces the old', async () => {
    const { path, caller } = await feedCouple('Europe/Madrid');
    const { url: second } = await caller.plan.createCalendarFeed();
    expect((await t.app.inject({ url: path })).statusCode).toBe(404);
    const secondPath = new URL(second).pathname;
    expect((await t.app.inject({ url: secondPath })).statusCode).toBe(200);
    await caller.plan.revokeCalendarFeed();
    expect((await t.app.inject({ url: secondPath })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/calendar/${'A'.repeat(43)}.ics` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/calendar/short.ics' })).statusCode).toBe(404);
    // Only a keyed hash is ever stored, never the token.
    const token = secondPath.slice('/api/calendar/'.length, -'.ics'.length);
    const { url: third } = await caller.plan.createCalendarFeed();
    const rows = await t.deps.db.selectFrom('couple_plans').select('calendar_token_hash').execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(new URL(third).pathname.slice(14, -4));
  });

  // Bilingual review: the events of a Spanish couple were titled with the weeks' English titles.
  it("writes the feed in the couple's language, each week titled as their week list shows it", async () => {
    const { couple, path } = await feedCouple('America/Mexico_City');
    await t.deps.db.updateTable('accounts').set({ locale: 'es' }).where('id', '=', couple.accountId).execute();
    // The next request's session carries the new language (decision 0371), as a caller made now does.
    const weeks = await (await callerFor(t, couple.cookie)).frameworks.withAccess();
    const shown = new Map(weeks.map((week) => [week.weekNumber, week.title]));
    const events = parse((await t.app.inject({ url: path })).body);
    expect(events[0]!.summary).toBe('Semana 1: Escuchar para comprender');
    for (const event of events) {
      const week = Number(/^Semana (\d+): /.exec(event.summary)?.[1]);
      expect(event.summary).toBe(`Semana ${week}: ${shown.get(week)}`);
      expect(event.description).toContain('en pareja');
    }
    const res = await rest(couple, 'GET', `/api/plan/${couple.coupleId}/next-session.ics`);
    expect(parse(res.body)[0]!.summary).toBe('Semana 1: Escuchar para comprender');
    // Saved under a Spanish name too, as the couple's other downloads are.
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="proxima-sesion.ics"; filename*=UTF-8''pr%C3%B3xima-sesi%C3%B3n.ics`,
    );
  });

  it('"Add to calendar": the next session alone, 404 while paused', async () => {
    const { couple } = await feedCouple('UTC');
    const res = await rest(couple, 'GET', `/api/plan/${couple.coupleId}/next-session.ics`);
    expect(res.statusCode).toBe(200);
    const events = parse(res.body);
    expect(events).toHaveLength(1);
    expect(events[0]!.summary).toBe('Week 1: Listening to Understand');
    expect(res.headers['content-disposition']).toBe('attachment; filename="next-session.ics"');
    await rest(couple, 'POST', `/api/plan/${couple.coupleId}/pause`, { until: null });
    expect((await rest(couple, 'GET', `/api/plan/${couple.coupleId}/next-session.ics`)).statusCode).toBe(404);
  });
});
