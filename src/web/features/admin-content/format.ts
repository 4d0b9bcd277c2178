import type { Locale } from '../../../shared/i18n/locales';
import { formatDateTime } from '../../../shared/i18n/format';

/** An ISO timestamp as a short date and time in the reader's language, e.g. "23 Nov 2026, 13:05". */
export function formatWhen(locale: Locale, iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatDateTime(locale, date);
}
