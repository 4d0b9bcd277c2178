import { describe, expect, it } from 'vitest';
import { createCouple, useTestApp } from '../../test/harness';
import { completeWeeks } from '../workbook/test-support';
import { getHours, reportOfflineTime, TOGETHER_FROM_SHARED_MESSAGE } from './service';

/*
 * A security review (2026-11-27) found course hours, which a seller-signed certificate prints for a
 * county clerk, could be had without doing the course. Each case below is one of its findings.
 */

const t = useTestApp({ PUBLIC_URL: 'https://course.example.com' });

const T0 = Date.parse('2026-11-24T10:00:00Z');

async function newCouple(weeksDone: number[] = []) {
  const couple = await createCouple(t.deps, { displayName: 'Robin', partnerName: 'Casey' });
  if (weeksDone.length > 0) await completeWeeks(t.deps, couple.coupleId, weeksDone);
  return { ...couple, shared: { coupleId: couple.coupleId, accessLevel: 'full' as const, partner: null } };
}

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
