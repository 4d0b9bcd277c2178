/**
 * Moving keyboard focus to "the natural next place" after an action (decision 0135): the saved
 * field's status, the next week, the workbook's heading. The target often renders a moment later
 * (a tab's content, a refreshed list), so it is looked for on each frame until it is there.
 */

/** Focuses `element`, making it focusable from script first when it is not (a heading, a status line). */
export function focusElement(element: HTMLElement): void {
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
  element.scrollIntoView?.({ block: 'nearest' });
}

function usable(element: HTMLElement | null): element is HTMLElement {
  return Boolean(element?.isConnected) && !(element as HTMLButtonElement).disabled;
}

/**
 * Focuses what `find` answers as soon as it is in the document and not disabled, checking on each
 * animation frame for up to `timeoutMs`; gives up quietly after that (focus stays where it was).
 * Answers a function that stops looking.
 */
export function focusWhenReady(find: () => HTMLElement | null, timeoutMs = 5000): () => void {
  const deadline = performance.now() + timeoutMs;
  let frame = 0;
  const attempt = () => {
    const element = find();
    if (usable(element)) {
      focusElement(element);
      return;
    }
    if (performance.now() < deadline) frame = requestAnimationFrame(attempt);
  };
  frame = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(frame);
}
