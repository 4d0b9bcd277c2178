import { describe, expect, it } from 'vitest';
import { createCouple, useTestApp } from '../../test/harness';
import { completeWeeks } from '../workbook/test-support';
import type { TimeOwner } from '../../../shared/certificate-hours';
import { getHours, recordHeartbeat, reportOfflineTime, TOGETHER_FROM_SHARED_MESSAGE } from './service';

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
  const { weeks } = await getHours(t.deps.db, coupleId);
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
    const { weeks } = await getHours(t.deps.db, coupleId);
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
    const hours = await getHours(t.deps.db, coupleId);
    expect(hours.offlineEntries.map((entry) => [entry.who, entry.minutes])).toEqual([
      ['partner2', 30],
      ['together', 20],
    ]);
  });
});
