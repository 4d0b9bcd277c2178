import { describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { callerFor, createCouple, sessionCookie, useTestApp } from '../../test/harness';
import { completionTimesQuery } from './repo';
import { getStreak } from './service';
import { calendarWeekIndex, weeklyStreak } from './streak';
import { onPostgres } from '../../test/postgres';

const UTC = 'UTC';

describe('calendarWeekIndex', () => {
  it('starts a new week on Monday and numbers weeks consecutively across a year end', () => {
    // 2026-12-28 is the Monday of ISO week 2026-W53; 2027-01-04 the Monday of 2027-W01.
    const sunday = calendarWeekIndex(new Date('2026-12-27T12:00:00Z'), UTC);
    const monday = calendarWeekIndex(new Date('2026-12-28T00:00:00Z'), UTC);
    const newYear = calendarWeekIndex(new Date('2027-01-01T12:00:00Z'), UTC);
    const nextMonday = calendarWeekIndex(new Date('2027-01-04T00:00:00Z'), UTC);
    expect(monday).toBe(sunday + 1);
    expect(newYear).toBe(monday);
    expect(nextMonday).toBe(monday + 1);
  });

  it('reads the wall calendar of the given zone', () => {
    // Sunday 23:30 in New York is already Monday 04:30 in UTC.
    const instant = new Date('2026-11-30T04:30:00Z');
    expect(calendarWeekIndex(instant, 'America/New_York')).toBe(calendarWeekIndex(instant, UTC) - 1);
    // Monday 00:30 in Auckland is still Sunday in UTC.
    const early = new Date('2026-11-29T11:30:00Z');
    expect(calendarWeekIndex(early, 'Pacific/Auckland')).toBe(calendarWeekIndex(early, UTC) + 1);
  });
});

describe('weeklyStreak', () => {
  const now = new Date('2026-11-25T10:00:00Z'); // a Wednesday

  it('freezes the streak during a pause: the weeks of a break neither break nor count (decision 0251)', () => {
    const times = ['2026-10-21T08:00:00Z', '2026-10-28T08:00:00Z'];
    const later = new Date('2026-11-25T10:00:00Z');
    // Without a pause, three weeks without a completion broke the run.
    expect(weeklyStreak(times, UTC, later)).toMatchObject({ currentStreak: 0, bestStreak: 2 });
    // Paused since 2 November and still on the break: the run of two is alive.
    const open = [{ startedAt: '2026-11-02T09:00:00Z', endedAt: null }];
    expect(weeklyStreak(times, UTC, later, open)).toMatchObject({ currentStreak: 2, bestStreak: 2 });
    // Back on 23 November and a completion that week: the run goes on to three.
    const ended = [{ startedAt: '2026-11-02T09:00:00Z', endedAt: '2026-11-23T07:00:00Z' }];
    expect(weeklyStreak([...times, '2026-11-24T08:00:00Z'], UTC, later, ended)).toMatchObject({
      currentStreak: 3,
      bestStreak: 3,
      completedThisWeek: true,
    });
    // Back, but a whole week after the break without a completion: broken as usual.
    expect(weeklyStreak(times, UTC, new Date('2026-12-08T10:00:00Z'), ended)).toMatchObject({ currentStreak: 0 });
  });

  it('is zero for a couple that has completed nothing', () => {
    expect(weeklyStreak([], UTC, now)).toEqual({
      currentStreak: 0,
      bestStreak: 0,
      completedThisWeek: false,
      timeZone: UTC,
    });
  });

  it('counts several completions in one calendar week once', () => {
    const times = ['2026-11-23T08:00:00Z', '2026-11-24T20:00:00Z', '2026-11-25T09:00:00Z'];
    expect(weeklyStreak(times, UTC, now)).toEqual({
      currentStreak: 1,
      bestStreak: 1,
      completedThisWeek: true,
      timeZone: UTC,
    });
  });

  it('keeps the streak alive through the current week until it ends without a completion', () => {
    const times = ['2026-11-04T08:00:00Z', '2026-11-11T08:00:00Z', '2026-11-18T08:00:00Z'];
    // This week has no completion yet: the three weeks before still count.
    expect(weeklyStreak(times, UTC, now)).toMatchObject({ currentStreak: 3, bestStreak: 3, completedThisWeek: false });
    // A whole week later without one, the run is over (but stays the best).
    expect(weeklyStreak(times, UTC, new Date('2026-12-01T10:00:00Z'))).toMatchObject({
      currentStreak: 0,
      bestStreak: 3,
    });
  });

  it('restarts after a gap and remembers the longest run', () => {
    const times = [
      // Three consecutive weeks in October...
      '2026-10-05T08:00:00Z',
      '2026-10-12T08:00:00Z',
      '2026-10-19T08:00:00Z',
      // ...a week off (26 October), then two more up to this week.
      '2026-11-18T08:00:00Z',
      '2026-11-24T08:00:00Z',
    ];
    expect(weeklyStreak(times, UTC, now)).toMatchObject({ currentStreak: 2, bestStreak: 3, completedThisWeek: true });
  });

  it('runs on across the year boundary', () => {
    const times = ['2026-12-21T08:00:00Z', '2026-12-31T08:00:00Z', '2027-01-05T08:00:00Z'];
    expect(weeklyStreak(times, UTC, new Date('2027-01-07T08:00:00Z'))).toMatchObject({
      currentStreak: 3,
      bestStreak: 3,
      completedThisWeek: true,
    });
  });

  it('puts a late-Sunday completion in the couple’s own week', () => {
    // Monday 9 November, then Sunday 22 November late in New York (Monday 23 in UTC); "now" is
    // Wednesday 25 November.
    const times = ['2026-11-09T15:00:00Z', '2026-11-23T03:30:00Z'];
    const wednesday = new Date('2026-11-25T15:00:00Z');
    // In New York: the weeks of 9 and 16 November, consecutive, and this week still open.
    expect(weeklyStreak(times, 'America/New_York', wednesday)).toMatchObject({
      currentStreak: 2,
      bestStreak: 2,
      completedThisWeek: false,
    });
    // In UTC: the weeks of 9 and 23 November, with a gap between.
    expect(weeklyStreak(times, UTC, wednesday)).toMatchObject({
      currentStreak: 1,
      bestStreak: 1,
      completedThisWeek: true,
    });
  });
});

describe('progress.streak', () => {
  const t = useTestApp();

  async function coupleWithCompletions(times: string[]) {
    const couple = await createCouple(t.deps, { accessLevel: 'full' });
    if (times.length > 0)
      await t.deps.db
        .insertInto('progress')
        .values(
          times.map((time, index) => ({
            couple_id: couple.coupleId,
            week_number: index + 1,
            completed_at: time,
            updated_at: time,
          })),
        )
        .execute();
    // A week only rated is not a completion.
    await t.deps.db
      .insertInto('progress')
      .values({ couple_id: couple.coupleId, week_number: 52, rating: 4, updated_at: '2026-11-24T08:00:00Z' })
      .execute();
    return couple;
  }

  it('counts only the signed-in couple’s completions, in the zone it names', async () => {
    const couple = await coupleWithCompletions([
      '2026-11-09T08:00:00Z',
      '2026-11-16T08:00:00Z',
      '2026-11-23T08:00:00Z',
    ]);
    // Another couple's busy weeks do not count.
    await coupleWithCompletions(['2026-10-26T08:00:00Z', '2026-11-02T08:00:00Z']);
    const now = new Date('2026-11-25T10:00:00Z');
    expect(await getStreak(t.deps, { ...couple, accessLevel: 'full' }, 'Europe/Paris', now)).toEqual({
      currentStreak: 3,
      bestStreak: 3,
      completedThisWeek: true,
      timeZone: 'Europe/Paris',
    });
  });

  it('answers through tRPC, in UTC when no zone is named, and refuses an unknown zone naming the field', async () => {
    const couple = await coupleWithCompletions([]);
    const caller = await callerFor(t, await sessionCookie(t.deps, couple.accountId));
    expect(await caller.progress.streak()).toEqual({
      currentStreak: 0,
      bestStreak: 0,
      completedThisWeek: false,
      timeZone: 'UTC',
    });
    expect((await caller.progress.streak({ timeZone: 'utc' })).timeZone).toBe('UTC');
    const refused = await caller.progress.streak({ timeZone: 'Mars/Olympus_Mons' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TRPCError);
    expect((refused as TRPCError).code).toBe('BAD_REQUEST');
    expect((refused as TRPCError).message).toMatch(/timeZone must be an IANA time zone name/);
  });

  it('is refused to an anonymous caller', async () => {
    const caller = await callerFor(t);
    await expect(caller.progress.streak()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  // Not on PostgreSQL: SQLite's query plan (PostgreSQL's planner chooses by statistics).
  it.skipIf(onPostgres())('reads the completion times from the covering index, never the table', async () => {
    const couple = await coupleWithCompletions(['2026-11-23T08:00:00Z']);
    const query = completionTimesQuery(t.deps.db, couple.coupleId).compile();
    const { rows } = await t.deps.db.executeQuery<{ detail: string }>({
      ...query,
      sql: `explain query plan ${query.sql}`,
    });
    expect(rows.map((row) => row.detail).join('\n')).toMatch(/USING COVERING INDEX progress_completed_weeks/);
  });
});
