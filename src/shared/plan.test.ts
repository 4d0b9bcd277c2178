import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TOTAL_WEEKS } from './constants';
import {
  addDays,
  computePlan,
  DEFAULT_CORE_WEEKS,
  dayNumber,
  FINISH_NOT_AFTER_TODAY,
  FINISH_TOO_FAR,
  finishDateProblem,
  MAX_PLAN_DAYS,
  PAUSE_NOT_AFTER_TODAY,
  PAUSE_TOO_LONG,
  type Pace,
  pauseUntilProblem,
  planOrder,
  planStanding,
  slotsBefore,
} from './plan';
import { isWeekUnlocked } from './unlock';

const ALL = Array.from({ length: TOTAL_WEEKS }, (_, index) => index + 1);

/** A fake clock: any day from 2020 to 2035, as the plan's start. */
const startDay = fc.integer({ min: dayNumber('2020-01-01'), max: dayNumber('2035-12-31') });
const completedWeeks = fc.subarray(ALL);
const coreWeeks = fc.subarray(ALL, { minLength: 1 });
/** The finish date as an offset from the start: past, today, soon, far and absurdly far. */
const finishOffset = fc.oneof(
  fc.integer({ min: -400, max: 0 }),
  fc.integer({ min: 1, max: 400 }),
  fc.integer({ min: 400, max: 2000 }),
);
const start = startDay.map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10));

describe('computePlan (property-based, fake clock)', () => {
  it('plans every week not completed exactly once, never a completed one, from the start on, at most one a day', () => {
    fc.assert(
      fc.property(
        start,
        fc.option(finishOffset, { nil: null }),
        completedWeeks,
        coreWeeks,
        (from, offset, done, core) => {
          const plan = computePlan({
            start: from,
            finish: offset === null ? null : addDays(from, offset),
            completedWeeks: done,
            coreWeeks: core,
          });
          const planned = plan.sessions.map((session) => session.weekNumber);
          expect([...planned].sort((a, b) => a - b)).toEqual(ALL.filter((week) => !done.includes(week)));
          const days = plan.sessions.map((session) => dayNumber(session.date));
          for (let i = 1; i < days.length; i += 1) expect(days[i]!).toBeGreaterThan(days[i - 1]!);
          if (days.length > 0) expect(days[0]).toBe(dayNumber(from));
        },
      ),
    );
  });

  it('never plans more sessions in a 7-day block than its pace', () => {
    fc.assert(
      fc.property(start, finishOffset, completedWeeks, coreWeeks, (from, offset, done, core) => {
        const plan = computePlan({ start: from, finish: addDays(from, offset), completedWeeks: done, coreWeeks: core });
        const perBlock = new Map<number, number>();
        for (const session of plan.sessions) {
          const block = Math.floor((dayNumber(session.date) - dayNumber(from)) / 7);
          perBlock.set(block, (perBlock.get(block) ?? 0) + 1);
        }
        for (const count of perBlock.values()) expect(count).toBeLessThanOrEqual(plan.pace);
      }),
    );
  });

  it('takes one week a week when the weeks left fit before the date, the slowest faster pace that fits otherwise, and the core path only when three a week cannot fit', () => {
    fc.assert(
      fc.property(
        start,
        fc.integer({ min: 1, max: MAX_PLAN_DAYS }),
        completedWeeks,
        coreWeeks,
        (from, offset, done, core) => {
          const plan = computePlan({
            start: from,
            finish: addDays(from, offset),
            completedWeeks: done,
            coreWeeks: core,
          });
          const left = TOTAL_WEEKS - done.length;
          const fits = (pace: Pace) => slotsBefore(dayNumber(from), dayNumber(from) + offset, pace) >= left;
          if (fits(1)) expect(plan).toMatchObject({ kind: 'weekly', pace: 1, corePath: false });
          else if (fits(2)) expect(plan).toMatchObject({ kind: 'faster', pace: 2, corePath: false });
          else if (fits(3)) expect(plan).toMatchObject({ kind: 'faster', pace: 3, corePath: false });
          else expect(plan).toMatchObject({ kind: 'core-path', pace: 3, corePath: true });
          if (!plan.corePath) expect(plan.sessions.every((session) => !session.afterFinish)).toBe(true);
          expect(plan.beforeFinish).toBe(plan.sessions.filter((session) => session.date < plan.finish!).length);
        },
      ),
    );
  });

  it('on the core path plans the core weeks before the others, each group in course order, and the rest one a week after the wedding', () => {
    fc.assert(
      fc.property(start, fc.integer({ min: 1, max: 100 }), coreWeeks, (from, offset, core) => {
        const plan = computePlan({ start: from, finish: addDays(from, offset), completedWeeks: [], coreWeeks: core });
        expect(plan.corePath).toBe(true);
        expect(plan.sessions.map((session) => session.weekNumber)).toEqual(planOrder(true, core));
        const after = plan.sessions.filter((session) => session.afterFinish);
        for (let i = 1; i < after.length; i += 1) {
          expect(dayNumber(after[i]!.date) - dayNumber(after[i - 1]!.date)).toBe(7);
        }
        for (const session of after) expect(session.date > plan.finish!).toBe(true);
      }),
    );
  });

  it('plans a past, today or absurdly far date one week a week, and no date too', () => {
    fc.assert(
      fc.property(
        start,
        fc.oneof(fc.integer({ min: -2000, max: 0 }), fc.integer({ min: MAX_PLAN_DAYS + 1, max: 5000 })),
        (from, offset) => {
          const plan = computePlan({
            start: from,
            finish: addDays(from, offset),
            completedWeeks: [],
            coreWeeks: DEFAULT_CORE_WEEKS,
          });
          expect(plan).toMatchObject({ pace: 1, corePath: false, kind: offset <= 0 ? 'after-wedding' : 'no-date' });
          expect(plan.sessions.map((session) => session.weekNumber)).toEqual(ALL);
        },
      ),
    );
    expect(computePlan({ start: '2026-01-01', finish: null, completedWeeks: [], coreWeeks: [1] }).kind).toBe('no-date');
  });

  it('keeps a pace or core choice the couple made', () => {
    fc.assert(
      fc.property(start, finishOffset, fc.constantFrom<Pace>(1, 2, 3), fc.boolean(), (from, offset, pace, core) => {
        const plan = computePlan({
          start: from,
          finish: addDays(from, offset),
          completedWeeks: [],
          coreWeeks: DEFAULT_CORE_WEEKS,
          choice: { pace, corePath: core },
        });
        expect(plan.pace).toBe(pace);
        expect(plan.corePath).toBe(core);
      }),
    );
  });

  it('a couple marrying in 10 weeks gets the core path: 16 core weeks at three a week before the wedding', () => {
    const plan = computePlan({
      start: '2026-11-24',
      finish: '2027-02-02',
      completedWeeks: [],
      coreWeeks: DEFAULT_CORE_WEEKS,
    });
    expect(plan).toMatchObject({ kind: 'core-path', pace: 3, beforeFinish: 30 });
    expect(plan.sessions.slice(0, 16).map((session) => session.weekNumber)).toEqual([...DEFAULT_CORE_WEEKS]);
    expect(plan.sessions[0]!.date).toBe('2026-11-24');
  });
});

describe('the core path and the unlock rule', () => {
  it('opens a week only after its predecessor in course order or in the plan order, whatever was completed', () => {
    fc.assert(
      fc.property(coreWeeks, completedWeeks, fc.integer({ min: 1, max: TOTAL_WEEKS }), (core, done, week) => {
        const order = planOrder(true, core);
        const completed = new Set(done);
        const open = isWeekUnlocked(week, completed, TOTAL_WEEKS, order);
        const before = order[order.indexOf(week) - 1];
        const expected =
          completed.has(week) ||
          week === 1 ||
          completed.has(week - 1) ||
          (before !== undefined && completed.has(before));
        expect(open).toBe(expected);
        // Without a plan order, the spec's rule alone.
        expect(isWeekUnlocked(week, completed, TOTAL_WEEKS)).toBe(
          completed.has(week) || week === 1 || completed.has(week - 1),
        );
      }),
    );
  });

  it('starts the plan order with week 1, then core weeks, then the others', () => {
    expect(planOrder(true, [6, 2]).slice(0, 4)).toEqual([1, 2, 6, 3]);
    expect(planOrder(false, [6, 2])).toEqual(ALL);
  });
});

describe('planStanding', () => {
  it('says the plan week and how many sessions behind', () => {
    const plan = computePlan({
      start: '2026-11-24',
      finish: '2027-02-02',
      completedWeeks: [],
      coreWeeks: DEFAULT_CORE_WEEKS,
    });
    // Day 15 (the plan's week 3): sessions on days 0, 2, 4, 7, 9, 11, 14 are due.
    const standing = planStanding(plan, [1, 2, 6, 7, 10], addDays('2026-11-24', 15));
    expect(standing).toMatchObject({ planWeek: 3, due: 7, done: 5, behind: 2, nextWeek: 12 });
    expect(planStanding(plan, [1, 2, 6, 7, 10, 12, 15, 22], addDays('2026-11-24', 15)).behind).toBe(0);
  });
});

describe('the chosen dates the server and the dashboard refuse alike', () => {
  it('a finish date after today and within MAX_PLAN_DAYS; a break that ends after today, within a year', () => {
    const today = '2026-11-24';
    expect(finishDateProblem('2026-11-24', today)).toBe(FINISH_NOT_AFTER_TODAY);
    expect(finishDateProblem('2026-11-25', today)).toBeNull();
    expect(finishDateProblem(addDays(today, MAX_PLAN_DAYS), today)).toBeNull();
    expect(finishDateProblem(addDays(today, MAX_PLAN_DAYS + 1), today)).toBe(FINISH_TOO_FAR);
    expect(pauseUntilProblem('2026-11-01', today)).toBe(PAUSE_NOT_AFTER_TODAY);
    expect(pauseUntilProblem(addDays(today, 366), today)).toBeNull();
    expect(pauseUntilProblem(addDays(today, 367), today)).toBe(PAUSE_TOO_LONG);
  });
});
