import '@mantine/notifications/styles.css';
import { Notifications, notifications, notificationsStore, useNotifications } from '@mantine/notifications';
import { useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useFocusClearOfToasts } from './toast-focus';
import {
  NOTIFICATION_DURATION_MS,
  NOTIFICATION_HOTKEY,
  NOTIFICATION_ID_ATTRIBUTE,
  NOTIFICATION_LIMIT,
  notificationRegionLabel,
  SWIPE_DISMISS_THRESHOLD_PX,
} from './notifications';

function shownNotification(region: HTMLElement | null): HTMLElement | null {
  return region?.querySelector<HTMLElement>(`[${NOTIFICATION_ID_ATTRIBUTE}]`) ?? null;
}

function hideToast(toast: Element) {
  const id = toast.getAttribute(NOTIFICATION_ID_ATTRIBUTE);
  if (id) notifications.hide(id);
}

/** Moves keyboard focus onto a toast and keeps it open while someone reads it there. */
function focusToast(toast: HTMLElement) {
  toast.tabIndex = -1;
  toast.focus();
  // Someone reading with the keyboard should not have the toast vanish under them.
  const id = toast.getAttribute(NOTIFICATION_ID_ATTRIBUTE);
  const shown = notificationsStore.getState().notifications.find((item) => item.id === id);
  if (shown) notifications.update({ ...shown, autoClose: false });
}

interface Swipe {
  pointerId: number;
  startX: number;
  startY: number;
  element: HTMLElement;
}

/**
 * Mantine's `<Notifications>` inside one labelled region. The region, not Mantine, owns the
 * gestures: Mantine's own drag and scroll dismissal (either direction, 35 % of the width) are off so
 * that the single rule is "drag right by 50 px".
 */
export function AppNotifications() {
  const regionRef = useRef<HTMLElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const swipeRef = useRef<Swipe | null>(null);
  const stopSwipeRef = useRef<(() => void) | null>(null);
  // No toast hides the control the keyboard is on (WCAG 2.4.11).
  useFocusClearOfToasts(regionRef);

  useEffect(() => {
    function focusRegion(event: globalThis.KeyboardEvent) {
      if (event.key !== NOTIFICATION_HOTKEY || event.defaultPrevented) return;
      const region = regionRef.current;
      if (!region) return;
      event.preventDefault();
      if (!region.contains(document.activeElement) && document.activeElement instanceof HTMLElement) {
        returnFocusRef.current = document.activeElement;
      }
      const toast = shownNotification(region);
      if (toast) focusToast(toast);
      else region.focus();
    }
    window.addEventListener('keydown', focusRegion);
    return () => {
      window.removeEventListener('keydown', focusRegion);
      stopSwipeRef.current?.();
    };
  }, []);

  // A new toast replaces the shown one (notify): if the keyboard was on the old one, it moves to
  // the new one instead of falling back to the page's start when the old one leaves. (A toast that
  // is only dismissed leaves focus alone: Escape returns it itself, and the region sits at the end
  // of the page, so focusing it would scroll there.)
  const shownId = useNotifications().notifications[0]?.id;
  useEffect(() => {
    const region = regionRef.current;
    const focused = document.activeElement?.closest<HTMLElement>(`[${NOTIFICATION_ID_ATTRIBUTE}]`);
    if (!region || !shownId || !focused || !region.contains(focused)) return;
    if (focused.getAttribute(NOTIFICATION_ID_ATTRIBUTE) === shownId) return;
    const next = region.querySelector<HTMLElement>(`[${NOTIFICATION_ID_ATTRIBUTE}="${shownId}"]`);
    if (next) focusToast(next);
  }, [shownId]);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Escape') return;
    const toast = (event.target as Element).closest(`[${NOTIFICATION_ID_ATTRIBUTE}]`);
    if (toast) hideToast(toast);
    returnFocusRef.current?.focus();
    returnFocusRef.current = null;
  }

  function handlePointerDown(event: PointerEvent<HTMLDivElement>) {
    const target = event.target as Element;
    const element = target.closest<HTMLElement>(`[${NOTIFICATION_ID_ATTRIBUTE}]`);
    // The close button keeps its click; a second finger does not start another swipe.
    if (!element || target.closest('button') || swipeRef.current) return;
    swipeRef.current = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, element };

    const setOffset = (offset: number) => element.style.setProperty('--notifications-swipe-offset', `${offset}px`);
    const onMove = (move: globalThis.PointerEvent) => {
      const swipe = swipeRef.current;
      if (!swipe || move.pointerId !== swipe.pointerId) return;
      setOffset(Math.max(0, move.clientX - swipe.startX));
    };
    const onEnd = (end: globalThis.PointerEvent) => {
      const swipe = swipeRef.current;
      if (!swipe || end.pointerId !== swipe.pointerId) return;
      stop();
      const dx = end.clientX - swipe.startX;
      const dy = end.clientY - swipe.startY;
      if (end.type === 'pointerup' && dx >= SWIPE_DISMISS_THRESHOLD_PX && dx > Math.abs(dy)) {
        hideToast(swipe.element);
      } else {
        setOffset(0);
      }
    };
    const stop = () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onEnd);
      window.removeEventListener('pointercancel', onEnd);
      swipeRef.current = null;
      stopSwipeRef.current = null;
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onEnd);
    window.addEventListener('pointercancel', onEnd);
    stopSwipeRef.current = stop;
  }

  return (
    <section
      ref={regionRef}
      aria-label={notificationRegionLabel()}
      tabIndex={-1}
      onKeyDown={handleKeyDown}
      onPointerDown={handlePointerDown}
    >
      <Notifications
        limit={NOTIFICATION_LIMIT}
        autoClose={NOTIFICATION_DURATION_MS}
        withinPortal={false}
        allowDragDismiss={false}
        allowScrollDismiss={false}
      />
    </section>
  );
}
