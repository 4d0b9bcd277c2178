import { formatDateTime } from '../../shared/i18n/format';
import type { MessageId } from '../../shared/i18n/locales';
import { activeLocale, translate } from '../i18n/i18n';

/** An ISO time as a short date and time in the active language ("Never" when there is none). */
export function formatDate(iso: string | null): string {
  if (!iso) return translate('admin.never');
  return formatDateTime(activeLocale(), iso);
}

const ORDER_STATUS_LABELS: Record<string, MessageId> = {
  pending: 'admin.orders.status.pending',
  completed: 'admin.orders.status.completed',
  refunded: 'admin.orders.status.refunded',
};

/** An order's status in words ("Completed" / "Completado"); an unknown one as recorded. */
export function orderStatusLabel(status: string): string {
  const id = ORDER_STATUS_LABELS[status];
  return id ? translate(id) : status;
}
