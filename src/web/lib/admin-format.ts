import { formatDateTime } from '../../shared/i18n/format';
import { activeLocale, translate } from '../i18n/i18n';

/** An ISO time as a short date and time in the active language ("Never" when there is none). */
export function formatDate(iso: string | null): string {
  if (!iso) return translate('admin.never');
  return formatDateTime(activeLocale(), iso);
}
