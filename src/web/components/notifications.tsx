import { notifications } from '@mantine/notifications';
import { translate } from '../i18n/i18n';

/**
 * Toasts (docs/product.md#business-constants): at most one shown at a time, and a new toast
 * replaces the one shown rather than waiting behind it (a quick second action is answered at once),
 * 5 s each, swipe right (>= 50 px) to dismiss, F8 moves keyboard focus to the notification region.
 * Feature code calls `notify.success` / `notify.error` with the texts of docs/product.md#ui-texts
 * and never `notifications.show` directly.
 *
 * This module holds only the store calls; the region that shows the toasts (`AppNotifications`,
 * with Mantine's transitions) is in app-notifications.tsx and loads after the page's first bundle.
 * A toast raised before it arrives waits in the store and shows as soon as it mounts.
 */
export const NOTIFICATION_LIMIT = 1;
export const NOTIFICATION_DURATION_MS = 5000;
export const SWIPE_DISMISS_THRESHOLD_PX = 50;
/** The toast region's label, in the active language. */
export const notificationRegionLabel = () => translate('common.notifications.region');
export const NOTIFICATION_HOTKEY = 'F8';

export const NOTIFICATION_ID_ATTRIBUTE = 'data-notification-id';
let notificationCount = 0;

function showToast(kind: 'success' | 'error', title: string, message?: string): string {
  notificationCount += 1;
  const id = `notification-${notificationCount}`;
  // Mantine queues what is over the limit until the shown toast closes (up to 5 s later): empty the
  // store first, so the shown toast leaves (with its exit transition) and this one takes its place.
  notifications.clean();
  return notifications.show({
    id,
    [NOTIFICATION_ID_ATTRIBUTE]: id,
    color: kind === 'success' ? 'green' : 'red',
    // An error interrupts (alert); a success is announced politely (status).
    role: kind === 'success' ? 'status' : 'alert',
    title,
    message,
    withBorder: true,
    closeButtonProps: { 'aria-label': translate('common.notifications.dismiss') },
  });
}

export const notify = {
  success: (title: string, message?: string) => showToast('success', title, message),
  error: (title: string, message?: string) => showToast('error', title, message),
};
