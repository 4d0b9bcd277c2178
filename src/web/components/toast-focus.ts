import { type RefObject, useEffect } from 'react';

const GAP_PX = 8;
/** The room kept below the page's end beyond the toast's height: its margin, the gap, and some air. */
const ROOM_EXTRA_PX = 48;

/**
 * WCAG 2.2, 2.4.11 Focus Not Obscured: a toast (bottom of the screen; full width on a phone) must
 * not hide the control the keyboard lands on. While a toast shows, the page gets room below its end
 * as tall as the toast, so even the last control can scroll clear of it; when focus lands on a
 * control the toast covers, the page scrolls it just clear. The toast itself stays where it is
 * (the region's F8, Escape and close button are unchanged).
 */
export function useFocusClearOfToasts(regionRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const shownToast = () => regionRef.current?.querySelector<HTMLElement>('.mantine-Notification-root') ?? null;
    let frame = 0;
    const keepRoom = () => {
      const toast = shownToast();
      const room = toast ? Math.ceil(toast.getBoundingClientRect().height) + ROOM_EXTRA_PX : 0;
      document.body.style.paddingBottom = room ? `${room}px` : '';
    };
    const observer = new MutationObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(keepRoom);
    });
    // Attributes too: a toast's height settles during its entering transition.
    if (regionRef.current) observer.observe(regionRef.current, { childList: true, subtree: true, attributes: true });

    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      const region = regionRef.current;
      if (!(target instanceof HTMLElement) || !region || region.contains(target)) return;
      // After the browser's own scrolling to the focused control.
      requestAnimationFrame(() => {
        const toast = shownToast();
        if (!toast) return;
        // The room for the toast as it is now, before scrolling into it.
        keepRoom();
        const control = target.getBoundingClientRect();
        const cover = toast.getBoundingClientRect();
        const overlaps =
          control.bottom > cover.top &&
          control.top < cover.bottom &&
          control.right > cover.left &&
          control.left < cover.right;
        if (!overlaps) return;
        const toastBelow = cover.top + cover.height / 2 >= window.innerHeight / 2;
        window.scrollBy({
          behavior: 'instant',
          top: toastBelow ? control.bottom - cover.top + GAP_PX : -(cover.bottom - control.top + GAP_PX),
        });
      });
    };
    document.addEventListener('focusin', onFocusIn);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      document.removeEventListener('focusin', onFocusIn);
      document.body.style.paddingBottom = '';
    };
  }, [regionRef]);
}
