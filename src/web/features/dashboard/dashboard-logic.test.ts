import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import type { ProgressRecord } from '../../../shared/progress-schemas';
import {
  availableFrameworkCount,
  averageRating,
  consistencyScore,
  daysSinceWedding,
  daysUntilWedding,
  milestoneStatuses,
  nextMilestone,
  ratedWeeks,
  weddingBadgeText,
  weddingCountdownText,
  weekAriaLabel,
  weekTitle,
  type WeekAccess,
  type WeekState,
} from './dashboard-logic';

const at = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);

describe('daysUntilWedding', () => {
  it('is hidden (null) without a date or with an unreadable one', () => {
    expect(daysUntilWedding(null, at(2027, 1, 1))).toBeNull();
    expect(daysUntilWedding('', at(2027, 1, 1))).toBeNull();
    expect(daysUntilWedding('soon', at(2027, 1, 1))).toBeNull();
  });

  it('counts whole days from midnight to midnight', () => {
    expect(daysUntilWedding('2027-01-31', at(2027, 1, 1))).toBe(30);
    expect(daysUntilWedding('2027-03-01', at(2027, 2, 28))).toBe(1);
  });

  it('rounds a part of a day up', () => {
    expect(daysUntilWedding('2027-01-02', at(2027, 1, 1, 10, 30))).toBe(1);
    expect(daysUntilWedding('2027-01-03', at(2027, 1, 1, 23, 59))).toBe(2);
  });

  it('is 0 on the wedding day and floors past dates at 0', () => {
    expect(daysUntilWedding('2027-06-12', at(2027, 6, 12, 0, 0))).toBe(0);
    expect(daysUntilWedding('2027-06-12', at(2027, 6, 12, 15, 0))).toBe(0);
    expect(daysUntilWedding('2027-06-12', at(2028, 1, 1))).toBe(0);
  });

  it('words the countdown', () => {
    expect(weddingCountdownText(0)).toBe('Your wedding day is here!');
    expect(weddingCountdownText(1)).toBe('1 day until your wedding');
    expect(weddingCountdownText(1234)).toBe('1,234 days until your wedding');
  });
});

describe('milestones', () => {
  it('reaches none before the first completed week', () => {
    expect(milestoneStatuses(0).map((m) => m.reached)).toEqual([false, false, false, false]);
    expect(nextMilestone(0)).toMatchObject({ title: 'Journey Started!', weeksToGo: 1 });
  });

  it('reaches each milestone at exactly its week count', () => {
    expect(milestoneStatuses(1).map((m) => m.reached)).toEqual([true, false, false, false]);
    expect(milestoneStatuses(12).map((m) => m.reached)).toEqual([true, false, false, false]);
    expect(milestoneStatuses(13).map((m) => m.reached)).toEqual([true, true, false, false]);
    expect(milestoneStatuses(26).map((m) => m.reached)).toEqual([true, true, true, false]);
    expect(milestoneStatuses(51).map((m) => m.reached)).toEqual([true, true, true, false]);
    expect(milestoneStatuses(52).map((m) => m.reached)).toEqual([true, true, true, true]);
  });

  it('names the four milestones of the spec and the weeks still to go', () => {
    expect(milestoneStatuses(10)).toEqual([
      { week: 1, title: 'Journey Started!', reached: true, weeksToGo: 0 },
      { week: 13, title: 'Quarter Champion', reached: false, weeksToGo: 3 },
      { week: 26, title: 'Halfway Heroes', reached: false, weeksToGo: 16 },
      { week: 52, title: 'Full Year Champions!', reached: false, weeksToGo: 42 },
    ]);
    expect(nextMilestone(52)).toBeNull();
  });
});

describe('growth statistics', () => {
  const record = (weekNumber: number, rating: number | null): ProgressRecord => ({
    weekNumber,
    rating,
    notes: '',
    completedAt: null,
  });

  it('rounds the progress percentage for the consistency score', () => {
    expect(consistencyScore((1 / 52) * 100)).toBe(2);
    expect(consistencyScore((13 / 52) * 100)).toBe(25);
    expect(consistencyScore(0)).toBe(0);
  });

  it("averages the couple's own ratings to one decimal, ignoring unrated weeks", () => {
    expect(averageRating([record(1, 5), record(2, 4), record(3, null), record(4, 4)])).toBe(4.3);
    expect(averageRating([record(1, 3)])).toBe(3);
  });

  it('has no average without ratings', () => {
    expect(averageRating([])).toBeNull();
    expect(averageRating([record(1, null)])).toBeNull();
  });

  it('lists rated weeks in week order for the chart', () => {
    expect(ratedWeeks([record(3, 2), record(1, 5), record(2, null)])).toEqual([
      { weekNumber: 1, rating: 5 },
      { weekNumber: 3, rating: 2 },
    ]);
  });
});

describe('week states', () => {
  const week = (
    weekNumber: number,
    hasFramework: boolean,
    state: WeekState,
    lockReason: WeekAccess['lockReason'] = null,
  ): WeekAccess => ({
    weekNumber,
    title: hasFramework ? `Title ${weekNumber}` : '',
    description: '',
    hasFramework,
    isUnlocked: state !== 'locked',
    state,
    lockReason,
    notice: null,
  });

  it("labels each week button with the server's state and lock reason", () => {
    expect(weekAriaLabel(week(1, true, 'completed'))).toBe('Week 1: Title 1, completed');
    expect(weekAriaLabel(week(7, false, 'locked', 'previous-week'))).toBe('Week 7, locked, complete week 6 to unlock');
    expect(weekAriaLabel({ ...week(8, false, 'coming-soon'), title: 'Week 8' })).toBe(
      'Week 8, coming soon, framework not uploaded yet',
    );
    expect(weekAriaLabel(week(5, true, 'locked', 'trial-limit'))).toBe(
      'Week 5: Title 5, locked, part of the full course',
    );
    expect(weekAriaLabel(week(3, true, 'next'), { selected: true })).toBe(
      'Week 3: Title 3, up next, available, selected',
    );
    expect(weekAriaLabel(week(2, true, 'available'))).toBe('Week 2: Title 2, available');
  });

  it('counts the frameworks available now', () => {
    expect(
      availableFrameworkCount([
        week(1, true, 'available'),
        week(2, true, 'locked', 'previous-week'),
        week(3, false, 'coming-soon'),
      ]),
    ).toBe(1);
  });
});

describe('daysSinceWedding and weddingBadgeText', () => {
  it('count calendar days after the wedding day, 0 on and before it', () => {
    expect(daysSinceWedding('2027-06-12', at(2027, 6, 11, 23, 59))).toBe(0);
    expect(daysSinceWedding('2027-06-12', at(2027, 6, 12, 23, 59))).toBe(0);
    expect(daysSinceWedding('2027-06-12', at(2027, 6, 13, 0, 1))).toBe(1);
    // Across a daylight-saving change (a 23-hour day in many zones) it is still whole days.
    expect(daysSinceWedding('2027-03-01', at(2027, 4, 1, 12, 0))).toBe(31);
    expect(daysSinceWedding(null)).toBeNull();
  });

  it('say the countdown, "here" on the day, then "Married N days ago"', () => {
    expect(weddingBadgeText('2027-06-12', at(2027, 6, 10, 9, 0))).toBe('2 days until your wedding');
    expect(weddingBadgeText('2027-06-12', at(2027, 6, 12, 9, 0))).toBe('Your wedding day is here!');
    expect(weddingBadgeText('2027-06-12', at(2027, 6, 13, 9, 0))).toBe('Married 1 day ago');
    expect(weddingBadgeText('2027-06-12', at(2029, 6, 12, 9, 0))).toBe('Married 731 days ago');
    expect(weddingBadgeText(null)).toBeNull();
  });
});

// QA walk: the server's English placeholder "Week 8" showed as it is on the Spanish dashboard.
describe('weekTitle', () => {
  afterEach(() => i18n.activate('en'));

  it('gives a week without a title of its own "Week N" in the page’s language', () => {
    i18n.activate('es');
    expect(weekTitle({ weekNumber: 8, title: 'Week 8' })).toBe('Semana 8');
    expect(weekTitle({ weekNumber: 8, title: '' })).toBe('Semana 8');
    expect(weekTitle({ weekNumber: 8, title: 'Sueños' })).toBe('Sueños');
  });
});
