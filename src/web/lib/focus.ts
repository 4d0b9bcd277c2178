/**
 * Moving keyboard focus to "the natural next place" after an action (decision 0135): the saved
 * field's status, the next week, the workbook's heading. The target often renders a moment later
 * (a tab's content, a refreshed list), so it is looked for on each frame until it is there.
 */
import { useCallback, useEffect, useRef } from 'react';

/** Focuses `element`, making it focusable from script first when it is not (a heading, a status line). */
export function focusElement(element: HTMLElement): void {
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
  element.scrollIntoView?.({ block: 'nearest' });
}

function usable(element: HTMLElement | null): element is HTMLElement {
  return Boolean(element?.isConnected) && !(element as HTMLButtonElement).disabled;
}

/** How long a moved focus is kept where it was put when a re-render drops it (see below). */
const HOLD_MS = 1000;

/**
 * Focuses what `find` answers as soon as it is in the document and not disabled, checking on each
 * animation frame for up to `timeoutMs`; gives up quietly after that (focus stays where it was).
 * For a moment afterwards (`HOLD_MS`) it keeps the focus there: a re-render that replaces the element
 * (a list refreshed after Mark Complete) drops the focus to the page's body, and then the element
 * `find` answers now is focused instead. A person who has moved the focus on meanwhile keeps it.
 * Answers a function that stops looking.
 */
export function focusWhenReady(find: () => HTMLElement | null, timeoutMs = 5000): () => void {
  const deadline = performance.now() + timeoutMs;
  let frame = 0;
  let holdUntil = 0;
  const attempt = () => {
    const now = performance.now();
    if (holdUntil > 0 && now > holdUntil) return;
    // Before the first focus, look on every frame; afterwards only when the focus has dropped.
    const dropped = document.activeElement === null || document.activeElement === document.body;
    if (holdUntil === 0 || dropped) {
      const element = find();
      if (usable(element)) {
        focusElement(element);
        holdUntil ||= now + HOLD_MS;
      } else if (holdUntil === 0 && now >= deadline) {
        return;
      }
    }
    frame = requestAnimationFrame(attempt);
  };
  frame = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(frame);
}

/**
 * `focusWhenReady` for a component: a new move replaces the one still looking (or holding), and
 * unmounting stops it, so a focus meant for this component never lands on the next page.
 */
export function useFocusWhenReady(): (find: () => HTMLElement | null) => void {
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);
  return useCallback((find: () => HTMLElement | null) => {
    stop.current?.();
    stop.current = focusWhenReady(find);
  }, []);
}

/**
 * On a refused submit, moves keyboard focus to the first of `fields` (input names, in the order the
 * form shows them) that `isInvalid` marks: a keyboard or screen-reader user lands on it and hears
 * its message, and on a phone it scrolls into view (as /gift does through Mantine's getInputNode).
 * For forms kept in plain React state (the landing page's pricing and contact forms).
 */
export function focusFirstInvalid<F extends string>(
  form: HTMLFormElement | null,
  fields: readonly F[],
  isInvalid: (field: F) => boolean,
): void {
  const first = fields.find(isInvalid);
  if (!form || first === undefined) return;
  const control = form.elements.namedItem(first);
  if (control instanceof HTMLElement) control.focus();
}
