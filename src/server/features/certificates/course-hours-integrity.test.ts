import { describe, expect, it } from 'vitest';
import { adminCookie, callerFor, createCouple, sessionCookie, useTestApp } from '../../test/harness';
import { completeWeeks } from '../workbook/test-support';
import type { TimeOwner } from '../../../shared/certificate-hours';
import {
  completeWeeksFirstMessage,
  getHours,
  offlineCapMessage,
  recordHeartbeat,
  reportOfflineTime,
  TOGETHER_FROM_SHARED_MESSAGE,
} from './service';

/*
 * A security review (2026-11-27) found course hours, which a seller-signed certificate prints for a
 * county clerk, could be had without doing the course. Each case below is one of its findings.
 */

const t = useTestApp({ PUBLIC_URL: 'https://course.example.com' });

const T0 = Date.parse('2026-11-24T10:00:00Z');
const SECOND = 1000;
const HALF_HOUR = 1800 * SECOND;

type Auth = Parameters<typeof recordHeartbeat>[1];

async function newCouple(weeksDone: number[] = []) {
  const couple = await createCouple(t.deps, { displayName: 'Robin', partnerName: 'Casey' });
  if (weeksDone.length > 0) await completeWeeks(t.deps, couple.coupleId, weeksDone);
  const shared: Auth = { coupleId: couple.coupleId, accessLevel: 'full', partner: null };
  return { ...couple, shared };
}

/** Heartbeats every 30 s from T0 to `end` from each page (its sign-in, week and owner, and its offset). */
async function beatFrom(pages: { auth: Auth; week: number; who: TimeOwner; offset: number }[], end: number) {
  for (let now = T0; now <= end; now += 30 * SECOND) {
    for (const page of pages)
      await recordHeartbeat(t.deps, page.auth, { weekNumber: page.week, who: page.who }, now + page.offset);
  }
}

/** Online minutes per owner over every week, and each partner's (their own plus together). */
async function onlineMinutes(coupleId: number) {
  const { weeks } = await getHours(t.deps, coupleId);
  const sum = (who: TimeOwner) => weeks.reduce((total, week) => total + week.online[who], 0);
  return {
    together: sum('together'),
    partner1: sum('partner1') + sum('together'),
    partner2: sum('partner2') + sum('together'),
  };
}

describe('online time is wall-clock time, counted once for each partner', () => {
  it('credits half an hour of heartbeats sent for four weeks at once as half an hour, not two hours', async () => {
    const { coupleId, shared } = await newCouple([1, 2, 3]);
    const pages = [1, 2, 3, 4].map((week) => ({ auth: shared, week, who: 'together' as const, offset: 0 }));
    await beatFrom(pages, T0 + HALF_HOUR);
    const minutes = await onlineMinutes(coupleId);
    expect(minutes.together).toBeGreaterThanOrEqual(29);
    expect(minutes.together).toBeLessThanOrEqual(30);
  });

  it('credits two tabs on different weeks, 15 s apart, as the half hour that passed', async () => {
    const { coupleId, shared } = await newCouple([1]);
    const robin = { ...shared, partner: 'partner1' as const };
    await beatFrom(
      [
        { auth: robin, week: 1, who: 'partner1', offset: 0 },
        { auth: robin, week: 2, who: 'partner1', offset: 15 * SECOND },
      ],
      T0 + HALF_HOUR,
    );
    const minutes = await onlineMinutes(coupleId);
    expect(minutes.partner1).toBeGreaterThanOrEqual(29);
    expect(minutes.partner1).toBeLessThanOrEqual(30);
    expect(minutes.partner2).toBe(0);
  });

  it('never counts one stretch for a partner both as their own and as time together', async () => {
    const { coupleId, shared } = await newCouple([1]);
    const robin = { ...shared, partner: 'partner1' as const };
    // The shared device says both are there; Robin's phone, on his own sign-in, says he is too.
    await beatFrom(
      [
        { auth: shared, week: 1, who: 'together', offset: 0 },
        { auth: robin, week: 1, who: 'partner1', offset: 15 * SECOND },
      ],
      T0 + HALF_HOUR,
    );
    const minutes = await onlineMinutes(coupleId);
    expect(minutes.partner1).toBeGreaterThanOrEqual(29);
    expect(minutes.partner1).toBeLessThanOrEqual(30);
    expect(minutes.partner2).toBeLessThanOrEqual(30);
  });

  it('credits two heartbeats arriving at once for two weeks once', async () => {
    const { coupleId, shared } = await newCouple([1]);
    for (const week of [1, 2]) await recordHeartbeat(t.deps, shared, { weekNumber: week, who: 'partner2' }, T0);
    const results = await Promise.all(
      [1, 2].map((week) => recordHeartbeat(t.deps, shared, { weekNumber: week, who: 'partner2' }, T0 + 60 * SECOND)),
    );
    expect(results.map((result) => result.creditedSeconds).sort()).toEqual([0, 60]);
    const { weeks } = await getHours(t.deps, coupleId);
    expect(weeks.reduce((total, week) => total + week.online.partner2, 0)).toBe(1);
  });
});

describe('who logs offline time together', () => {
  it('refuses time together from a personal sign-in (it would count for the other partner too), as heartbeats do', async () => {
    const { coupleId, shared } = await newCouple([1]);
    const partner2 = { ...shared, partner: 'partner2' as const };
    await expect(
      reportOfflineTime(t.deps, partner2, { weekNumber: 1, minutes: 120, together: true }, T0),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: TOGETHER_FROM_SHARED_MESSAGE });
    // Their own time is theirs to log; the shared sign-in logs time together.
    await reportOfflineTime(t.deps, partner2, { weekNumber: 1, minutes: 30, together: false }, T0);
    await reportOfflineTime(t.deps, shared, { weekNumber: 1, minutes: 20, together: true }, T0);
    const hours = await getHours(t.deps, coupleId);
    expect(hours.offlineEntries.map((entry) => [entry.who, entry.minutes])).toEqual([
      ['partner2', 30],
      ['together', 20],
    ]);
  });
});

describe('offline time counts for completed weeks, at most 2 h a week for each partner', () => {
  it('counts a week’s offline time once the week is completed', async () => {
    const { coupleId, shared } = await newCouple([1]);
    await reportOfflineTime(t.deps, shared, { weekNumber: 1, minutes: 120, together: true }, T0);
    await reportOfflineTime(t.deps, shared, { weekNumber: 2, minutes: 120, together: true }, T0);
    const before = await getHours(t.deps, coupleId);
    expect(before.totals).toEqual({ partner1: 120, partner2: 120, together: 120 });
    expect(before.weeks.map((week) => [week.weekNumber, week.completed])).toEqual([
      [1, true],
      [2, false],
    ]);
    await completeWeeks(t.deps, coupleId, [2]);
    expect((await getHours(t.deps, coupleId)).totals).toEqual({ partner1: 240, partner2: 240, together: 240 });
  });

  it('holds a partner’s own time and time together to one cap: a week cannot give 4 h', async () => {
    const { coupleId, shared } = await newCouple([1]);
    await reportOfflineTime(t.deps, shared, { weekNumber: 1, minutes: 120, together: true }, T0);
    for (const partner of ['partner1', 'partner2'] as const) {
      await expect(
        reportOfflineTime(t.deps, shared, { weekNumber: 1, minutes: 120, together: false, partner }, T0),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: offlineCapMessage(0, 1) });
    }
    // Own time first: the time together left is what both partners have left.
    await reportOfflineTime(t.deps, shared, { weekNumber: 2, minutes: 90, together: false, partner: 'partner2' }, T0);
    await expect(
      reportOfflineTime(t.deps, shared, { weekNumber: 2, minutes: 60, together: true }, T0),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: offlineCapMessage(30, 2) });
    expect(offlineCapMessage(30, 2)).toBe(
      'At most 2 h of offline time can be logged per week for each of you, time together included; 30 min left for week 2.',
    );
    await reportOfflineTime(t.deps, shared, { weekNumber: 2, minutes: 30, together: true }, T0);
    await completeWeeks(t.deps, coupleId, [2]);
    expect((await getHours(t.deps, coupleId)).totals).toEqual({ partner1: 150, partner2: 240, together: 150 });
  });

  it('counts an old week holding more than the cap (logged before it was one) as the cap', async () => {
    const { coupleId } = await newCouple([1]);
    const now = new Date(T0).toISOString();
    await t.deps.db
      .insertInto('offline_time')
      .values(
        (['together', 'partner1', 'partner2'] as const).map((who) => ({
          couple_id: coupleId,
          week_number: 1,
          who,
          minutes: 120,
          created_at: now,
        })),
      )
      .execute();
    expect((await getHours(t.deps, coupleId)).totals).toEqual({ partner1: 120, partner2: 120, together: 120 });
  });
});

describe('a certificate needs the weeks its hours come from completed', () => {
  it('refuses hours logged in a week not completed, saying which, then issues once it is', async () => {
    const admin = await callerFor(t, await adminCookie(t.deps));
    await admin.adminCertificates.saveProvider({
      providerName: 'Grace Counseling LLC',
      credentials: 'LMHC MH1234',
      contact: 'hello@grace.example',
      courseName: 'Vows & Weeks',
      deliveryMethod: 'online',
      offeredStates: ['FL'],
      registrations: { FL: 'HILLSBOROUGH-2026-017' },
    });
    const couple = await createCouple(t.deps, { displayName: 'Robin', partnerName: 'Casey' });
    const asCouple = await callerFor(t, await sessionCookie(t.deps, couple.accountId));
    await asCouple.certificates.setLegalName({ partner: 'partner1', legalName: 'Robin Lee' });
    await asCouple.certificates.setLegalName({ partner: 'partner2', legalName: 'Casey Lee' });
    const request = {
      state: 'FL',
      intendedMarriageDate: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10),
    };
    // The review's walk: one week marked done, then Florida's 4 h reported offline in seconds.
    await asCouple.progress.complete({ weekNumber: 1 });
    await asCouple.certificates.reportOfflineTime({ weekNumber: 1, minutes: 120, together: true });
    await expect(
      asCouple.certificates.reportOfflineTime({ weekNumber: 1, minutes: 120, together: false, partner: 'partner1' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await asCouple.certificates.reportOfflineTime({ weekNumber: 2, minutes: 120, together: true });
    await expect(asCouple.certificates.request(request)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: completeWeeksFirstMessage([2]),
    });
    expect(completeWeeksFirstMessage([2])).toBe(
      'Only completed weeks count toward a certificate: complete week 2 first, then ask again.',
    );
    expect(completeWeeksFirstMessage([2, 3])).toBe(
      'Only completed weeks count toward a certificate: complete weeks 2, 3 first, then ask again.',
    );
    const status = await asCouple.certificates.status();
    expect(status.offeredStates[0]!.eligibility.parts.map((part) => part.minutes)).toEqual([120, 120]);
    expect(
      await t.deps.db.selectFrom('certificates').select('id').where('couple_id', '=', couple.coupleId).execute(),
    ).toEqual([]);

    await asCouple.progress.complete({ weekNumber: 2 });
    expect(await asCouple.certificates.request(request)).toMatchObject({ state: 'FL', revokedAt: null });
    const issued = await t.deps.db
      .selectFrom('certificates')
      .select(['first_minutes', 'second_minutes'])
      .where('couple_id', '=', couple.coupleId)
      .execute();
    expect(issued).toEqual([{ first_minutes: 240, second_minutes: 240 }]);
  });

  it('says what is missing when even the open weeks would not be enough', async () => {
    const admin = await callerFor(t, await adminCookie(t.deps));
    await admin.adminCertificates.saveProvider({
      providerName: 'Grace Counseling LLC',
      credentials: 'LMHC MH1234',
      contact: 'hello@grace.example',
      courseName: 'Vows & Weeks',
      deliveryMethod: 'online',
      offeredStates: ['FL'],
      registrations: { FL: 'HILLSBOROUGH-2026-017' },
    });
    const couple = await createCouple(t.deps, { displayName: 'Robin', partnerName: 'Casey' });
    const asCouple = await callerFor(t, await sessionCookie(t.deps, couple.accountId));
    await asCouple.certificates.setLegalName({ partner: 'partner1', legalName: 'Robin Lee' });
    await asCouple.certificates.setLegalName({ partner: 'partner2', legalName: 'Casey Lee' });
    await asCouple.progress.complete({ weekNumber: 1 });
    await asCouple.certificates.reportOfflineTime({ weekNumber: 1, minutes: 120, together: true });
    await asCouple.certificates.reportOfflineTime({ weekNumber: 2, minutes: 60, together: true });
    await expect(
      asCouple.certificates.request({
        state: 'FL',
        intendedMarriageDate: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10),
      }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Not yet eligible for a Florida certificate: Robin Lee: 2 h of 4 h; Casey Lee: 2 h of 4 h.',
    });
  });
});
