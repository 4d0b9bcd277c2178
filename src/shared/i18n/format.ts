import type { Locale } from './locales';

/**
 * Dates, money, numbers and counts for a language, with Intl (web and server). Texts around them
 * come from the catalogs; plurals inside a sentence are ICU (`{count, plural, one {# day} other {# days}}`).
 */
const TAGS: Record<Locale, string> = { en: 'en-US', es: 'es-US' };

/** The BCP 47 tag Intl formats a language with. */
export function intlTag(locale: Locale): string {
  return TAGS[locale];
}

type DateInput = Date | string | number;
const asDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/** Long dates day first, as the course has always written its English (the keepsake, the emails). */
const DATE_TAGS: Record<Locale, string> = { en: 'en-GB', es: 'es-US' };

/** "24 November 2026" / "24 de noviembre de 2026". A date-only string (2026-11-24) is that day, whatever the time zone. */
export function formatDate(locale: Locale, value: DateInput, options: Intl.DateTimeFormatOptions = {}): string {
  const dateOnly = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  return new Intl.DateTimeFormat(DATE_TAGS[locale], {
    dateStyle: options.timeStyle ? undefined : 'long',
    ...(dateOnly ? { timeZone: 'UTC' } : {}),
    ...options,
  }).format(dateOnly ? new Date(`${value}T00:00:00Z`) : asDate(value));
}

/** Date and time, e.g. "24 Nov 2026, 15:05" / "24 nov 2026, 3:05 p.m.". */
export function formatDateTime(locale: Locale, value: DateInput, timeZone?: string): string {
  return new Intl.DateTimeFormat(DATE_TAGS[locale], {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(asDate(value));
}

/** An amount in minor units: "$49.00" / "US$49.00" (the currency's own decimals). */
export function formatMoney(locale: Locale, minorUnits: number, currency: string): string {
  const format = new Intl.NumberFormat(TAGS[locale], { style: 'currency', currency: currency.toUpperCase() });
  const decimals = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minorUnits / 10 ** decimals);
}

/** "10,000" / "10,000" (es-US groups like en-US); "1.5". */
export function formatNumber(locale: Locale, value: number, options: Intl.NumberFormatOptions = {}): string {
  return new Intl.NumberFormat(TAGS[locale], options).format(value);
}

export type CountUnit = 'day' | 'week' | 'month' | 'year' | 'hour' | 'minute' | 'second';

/** A plural-aware count: "1 day", "2 days" / "1 día", "2 días" (Intl's unit names). */
export function formatCount(locale: Locale, count: number, unit: CountUnit): string {
  return new Intl.NumberFormat(TAGS[locale], { style: 'unit', unit, unitDisplay: 'long' }).format(count);
}

/** "Robin and Casey" / "Robin y Casey". */
export function formatList(locale: Locale, items: readonly string[]): string {
  return new Intl.ListFormat(TAGS[locale], { type: 'conjunction' }).format(items);
}
