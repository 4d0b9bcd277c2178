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

/**
 * An order's status in words ("Completed" / "Completado"); a pending order whose delayed payment
 * Stripe reported failed says so ("Payment failed", decision 0323); an unknown one as recorded.
 */
export function orderStatusLabel(status: string, paymentFailed = false): string {
  if (paymentFailed && status === 'pending') return translate('admin.orders.status.paymentFailed');
  const id = ORDER_STATUS_LABELS[status];
  return id ? translate(id) : status;
}

/**
 * Why a pending order waits for the seller, short, from the server's note (its English sentence,
 * src/server/features/payments/service.ts and orders/service.ts): the note names amounts and
 * emails the row shows anyway, so the list says only which kind of check it needs.
 */
const ORDER_FLAGS: { pattern: RegExp; id: MessageId }[] = [
  { pattern: /^Paid .*, not the price .*: check the payment in Stripe/, id: 'admin.orders.flag.price' },
  { pattern: /^The email \S+ is reserved for the demo account \(DEMO_EMAIL\)/, id: 'admin.orders.flag.demoEmail' },
  { pattern: /^Paid for a gift this server does not know, or one paid already/, id: 'admin.orders.flag.unknownGift' },
  { pattern: /^The email \S+ belongs to an administrator account\./, id: 'admin.orders.flag.adminEmail' },
];

/** A pending order's flag in words ("Amount or currency is not the price"); null without one. */
export function orderFlagLabel(flag: string | null): string | null {
  if (!flag?.trim()) return null;
  const known = ORDER_FLAGS.find(({ pattern }) => pattern.test(flag));
  return translate(known ? known.id : 'admin.orders.flag.other');
}
