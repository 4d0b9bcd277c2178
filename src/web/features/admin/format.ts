import { formatDate } from '../../../shared/i18n/format';
import { activeLocale } from '../../i18n/i18n';

/** A byte count as people read it: "842 B", "12.4 KB", "3.2 MB" (1 KB = 1024 bytes). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value >= 100 ? Math.round(value).toString() : value.toFixed(1).replace(/\.0$/, '');
  return `${rounded} ${units[unit]}`;
}

/** An ISO timestamp as a short date in the active language, e.g. "21 Nov 2026" / "21 nov 2026". */
export function formatUploadDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatDate(activeLocale(), date, { dateStyle: 'medium' });
}
