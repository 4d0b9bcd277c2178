import { TZDate } from '@date-fns/tz';
import ical from 'ical-generator';
import { PRODUCT_NAME } from '../../../shared/constants';
import { nextSessionFileName } from '../../../shared/download-names';
import { AppError } from '../../../shared/errors';
import type { PlannedSession } from '../../../shared/plan';
import type { Locale } from '../../../shared/i18n/locales';
import type { AppDeps } from '../../deps/app-deps';
import type { CoupleAuth } from '../auth/access';
import { localeOfAccount, recipientLocale } from '../i18n/locale';
import { t } from '../i18n/translate';
import { weekTitlesIn } from '../frameworks/service';
import { findCalendarPlan, getPlanOverview } from './service';

/** Planned sessions start at this local hour in the couple's zone and last this long (the course's 30-60 minutes). */
export const SESSION_HOUR = 19;
export const SESSION_MINUTES = 60;

/**
 * The instant a session on `date` starts: SESSION_HOUR on the couple's wall clock in `timeZone`.
 * @date-fns/tz applies the zone's daylight saving rules (decision 0252), never a fixed offset.
 */
export function sessionStart(date: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, SESSION_HOUR, 0, 0, timeZone).getTime());
}

/**
 * The events of `sessions`, written in the couple's language (`locale`): the calendar's name, each
 * event's title with the week's title as their week list shows it (the translated week's, English
 * where its translation is missing), and its description.
 */
async function buildCalendar(
  deps: AppDeps,
  locale: Locale,
  sessions: readonly PlannedSession[],
  timeZone: string,
  idPrefix: string,
): Promise<string> {
  const titles = await weekTitlesIn(deps, locale);
  const calendar = ical({
    name: t(locale, 'plan.calendar.name', { product: PRODUCT_NAME }),
    prodId: { company: 'vows-and-weeks', product: 'plan' },
  });
  const dashboard = `${deps.config.publicUrl.replace(/\/$/, '')}/dashboard`;
  for (const session of sessions) {
    const start = sessionStart(session.date, timeZone);
    const title = titles.get(session.weekNumber);
    calendar.createEvent({
      id: `${idPrefix}-week-${session.weekNumber}@vows-and-weeks`,
      start,
      end: new Date(start.getTime() + SESSION_MINUTES * 60_000),
      summary: title
        ? t(locale, 'plan.calendar.summary', { week: session.weekNumber, title })
        : t(locale, 'plan.calendar.summaryWeek', { week: session.weekNumber }),
      description: t(locale, 'plan.calendar.description', { product: PRODUCT_NAME, url: dashboard }),
      url: dashboard,
    });
  }
  return calendar.toString();
}

/**
 * The private feed: the sessions of the accepted plan not yet completed (none while the plan is
 * paused). 404 for an unknown or revoked token (findCalendarPlan).
 */
export async function calendarFeed(deps: AppDeps, token: string): Promise<string> {
  const found = await findCalendarPlan(deps, token);
  const sessions = found.paused ? [] : found.plan.sessions.filter((session) => !found.done.has(session.weekNumber));
  const locale = await recipientLocale(deps.db, { coupleId: found.coupleId });
  return buildCalendar(deps, locale, sessions, found.timeZone, `couple-${found.coupleId}`);
}

/**
 * "Add to calendar": the next planned session alone, as a one-event .ics (404 when there is none),
 * and the name to save it under, both in the language of the account asking.
 */
export async function nextSessionCalendar(
  deps: AppDeps,
  couple: Pick<CoupleAuth, 'coupleId' | 'accountId'>,
): Promise<{ ics: string; fileName: string }> {
  const overview = await getPlanOverview(deps, couple);
  const next = overview.accepted?.sessions.find((session) => session.weekNumber === overview.standing?.nextWeek);
  if (!next || overview.paused) throw new AppError('NOT_FOUND', 'There is no planned session to add.');
  const locale = await localeOfAccount(deps.db, couple.accountId);
  return {
    ics: await buildCalendar(deps, locale, [next], overview.timeZone, `couple-${couple.coupleId}-next`),
    fileName: nextSessionFileName(locale),
  };
}
