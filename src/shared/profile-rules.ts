import { NAME_MAX_LENGTH, TRIAL_PLACEHOLDER_NAME, TRIAL_PLACEHOLDER_PARTNER } from './constants';

/**
 * The couple-profile rules as plain functions, without zod, so the web bundle can use them (zod
 * lands in the landing page's chunk whenever page code imports it). `profile-schemas.ts` builds the
 * server's zod schema from these same functions: one source for each rule.
 */

/** The couple profile as the API answers it (docs/product.md#http-api). */
export interface Profile {
  userDisplayName: string;
  partnerName: string;
  /** `YYYY-MM-DD`, or null when the couple has not set a date. */
  weddingDate: string | null;
}

export type ProfileNameField = 'userDisplayName' | 'partnerName';

export const PROFILE_FIELD_LABELS: Record<ProfileNameField, string> = {
  userDisplayName: 'Your name',
  partnerName: "Your partner's name",
};

export const WEDDING_DATE_MESSAGE = 'weddingDate must be a real date written YYYY-MM-DD, or null';

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written `YYYY-MM-DD` (rejects 2027-02-30 and 2027-13-01). */
export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** How many years ahead a wedding date may lie: a typo such as 9999 or 2205 is refused. */
export const WEDDING_DATE_MAX_YEARS_AHEAD = 10;
/**
 * How many years back: a couple married some time ago may still take the course (the dashboard
 * then says "Married N days ago"), but a year like 0202 or 1025 is a typo.
 */
export const WEDDING_DATE_MAX_YEARS_AGO = 100;
export const WEDDING_DATE_TOO_FAR_MESSAGE = `weddingDate must be within ${WEDDING_DATE_MAX_YEARS_AHEAD} years from today`;
export const WEDDING_DATE_TOO_EARLY_MESSAGE = `weddingDate must be within the last ${WEDDING_DATE_MAX_YEARS_AGO} years`;

/** Today's calendar date in UTC, `YYYY-MM-DD`. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` moved by whole years (compared as text, so a 29 February needs no real counterpart). */
function shiftYears(date: string, years: number): string {
  return `${String(Number(date.slice(0, 4)) + years).padStart(4, '0')}${date.slice(4)}`;
}

/** The earliest and the latest wedding date accepted on `today` (`YYYY-MM-DD`), for the date field. */
export function weddingDateRange(today: string): { min: string; max: string } {
  return { min: shiftYears(today, -WEDDING_DATE_MAX_YEARS_AGO), max: shiftYears(today, WEDDING_DATE_MAX_YEARS_AHEAD) };
}

/**
 * Why a (non-empty) wedding date is refused, or null: not a real `YYYY-MM-DD` date, more than
 * WEDDING_DATE_MAX_YEARS_AHEAD years ahead, or more than WEDDING_DATE_MAX_YEARS_AGO years back.
 */
export function weddingDateProblem(value: string, today: string = todayUtc()): string | null {
  if (!isCalendarDate(value)) return WEDDING_DATE_MESSAGE;
  const { min, max } = weddingDateRange(today);
  if (value > max) return WEDDING_DATE_TOO_FAR_MESSAGE;
  if (value < min) return WEDDING_DATE_TOO_EARLY_MESSAGE;
  return null;
}

/** Why a name is not acceptable (checked after trimming), or null when it is. */
export function nameError(field: ProfileNameField, value: string): string | null {
  const trimmed = value.trim();
  const label = PROFILE_FIELD_LABELS[field];
  if (trimmed === '') return `${label} is required`;
  if (trimmed.length > NAME_MAX_LENGTH) return `${label} must be at most ${NAME_MAX_LENGTH} characters`;
  return null;
}

/** An empty or missing wedding date means "no date"; otherwise it must be a real date. */
export function normalizeWeddingDate(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/**
 * Onboarding opens while the profile is incomplete: a missing name, or the placeholder names a
 * trial sign-up starts with (docs/product.md#states).
 */
export function needsOnboarding(profile: Profile): boolean {
  const name = profile.userDisplayName.trim();
  const partner = profile.partnerName.trim();
  return !name || !partner || name === TRIAL_PLACEHOLDER_NAME || partner === TRIAL_PLACEHOLDER_PARTNER;
}

/**
 * The dashboard's greeting: both partners by name, or, while the profile loads or still holds the
 * trial's placeholder names, the greeting without names. One source for the page's HTML (the
 * server, decision 0279) and the app's header, so the two never differ. `translate` is the caller's
 * catalog lookup in the page's language.
 */
export function dashboardGreeting(
  translate: (
    id: 'dashboard.header.welcome' | 'dashboard.header.welcomeNames' | 'dashboard.header.names',
    values?: Record<string, string>,
  ) => string,
  profile: Profile | undefined,
): string {
  if (!profile || needsOnboarding(profile)) return translate('dashboard.header.welcome');
  const names = translate('dashboard.header.names', {
    name: profile.userDisplayName.trim(),
    partner: profile.partnerName.trim(),
  });
  return translate('dashboard.header.welcomeNames', { names });
}
