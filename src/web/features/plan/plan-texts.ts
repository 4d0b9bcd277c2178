import type { PlanKind } from '../../../shared/plan';

/*
 * Every text of the plan's screens in one place, keyed as the i18n catalogs will key them
 * (area `plan`): when the i18n foundation lands on main, these move to src/locales/{en,es}/plan.json
 * with a Spanish translation and the components call useT() with the same ids.
 */

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** "two sessions", "one session", "12 sessions". */
export function sessionsCount(count: number): string {
  const word = WORDS[count] ?? String(count);
  return `${word} ${count === 1 ? 'session' : 'sessions'}`;
}

export const planTexts = {
  title: 'Your plan',
  loading: 'Loading your plan',
  standing: (planWeek: number, behind: number) =>
    `Week ${planWeek} of your plan: ${behind === 0 ? 'on track' : `${sessionsCount(behind)} behind`}`,
  nextSession: (weekNumber: number, date: string) => `Next: Week ${weekNumber} on ${date}`,
  allPlanned: 'Every week of your plan is done.',
  kind: (kind: PlanKind, weeksToDate: number | null, beforeFinish: number, pace: number): string => {
    switch (kind) {
      case 'weekly':
        return `One week a week fits before your date${weeksToDate === null ? '' : ` (${weeksToDate} weeks away)`}.`;
      case 'faster':
        return `To finish before your date${weeksToDate === null ? '' : ` (${weeksToDate} weeks away)`}, plan ${pace} sessions a week.`;
      case 'core-path':
        return `Not every week fits before your date${weeksToDate === null ? '' : ` (${weeksToDate} weeks away)`}: the core path plans the weeks that matter most first, ${beforeFinish} sessions before the wedding, and the rest one a week after it, in your first year of marriage.`;
      case 'after-wedding':
        return 'Your date is today or has passed: one week a week, at your own pace.';
      case 'no-date':
        return 'With no wedding date in the next three years: one week a week.';
    }
  },
  proposalTitle: 'A plan that fits your date',
  finishDate: 'Finish by',
  finishDateHelp: 'Leave empty to plan to your wedding date.',
  pace: 'Sessions a week',
  paceAuto: 'Best fit',
  corePath: 'Core weeks first',
  corePathHelp: 'The weeks a couple most needs before the wedding, then the rest after it.',
  accept: 'Accept this plan',
  accepted: 'Plan saved',
  acceptedBody: 'Your journey map and reminders now follow it.',
  change: 'Change the plan',
  cancelChange: 'Keep the current plan',
  pause: 'Take a break',
  pauseTitle: 'Taking a break',
  pauseUntil: 'Back on',
  pauseUntilHelp: 'Leave empty for an open-ended break.',
  pauseConfirm: 'Pause our plan',
  paused: (until: string | null) => (until ? `You are on a break until ${until}.` : 'You are on a break.'),
  pausedBody: 'No reminders, and your streak and plan wait for you.',
  resume: 'Resume our plan',
  resumed: 'Welcome back',
  resumedBody: 'Your plan now starts from today.',
  addToCalendar: 'Add the next session to a calendar',
  feedTitle: 'Calendar subscription',
  feedHelp: 'A private address for your calendar app with every planned session. Keep it to yourselves.',
  feedCreate: 'Make a private calendar address',
  feedNew: 'Make a new address (the old one stops working)',
  feedRevoke: 'Stop the calendar address',
  feedAddress: 'Your private calendar address',
  feedRevoked: 'The calendar address no longer works.',
  feedExists: 'A private calendar address is active.',
  timeZone: 'Time zone',
  timeZoneHelp: 'Sessions are planned at 19:00 in this time zone.',
  saveTimeZone: 'Save time zone',
  timeZoneSaved: 'Time zone saved',
  failed: 'Could not save your plan. Please try again.',
  saved: 'Saved',
  error: 'Error',
} as const;
