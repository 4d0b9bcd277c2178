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

/** The `focusWhenReady` moves still looking or holding: an action a person starts stops them (`rememberFocus`). */
const movesUnderWay = new Set<() => void>();

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
  const stop = () => {
    cancelAnimationFrame(frame);
    movesUnderWay.delete(stop);
  };
  const attempt = () => {
    const now = performance.now();
    if (holdUntil > 0 && now > holdUntil) return stop();
    // Before the first focus, look on every frame; afterwards only when the focus has dropped.
    const dropped = document.activeElement === null || document.activeElement === document.body;
    if (holdUntil === 0 || dropped) {
      const element = find();
      if (usable(element)) {
        focusElement(element);
        holdUntil ||= now + HOLD_MS;
      } else if (holdUntil === 0 && now >= deadline) {
        return stop();
      }
    }
    frame = requestAnimationFrame(attempt);
  };
  frame = requestAnimationFrame(attempt);
  movesUnderWay.add(stop);
  return stop;
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

/**
 * The same for a Mantine form (`useForm`): the handler of its refused submit (`form.onSubmit`'s
 * second argument), which takes the focus to the first of `fields` with an error through Mantine's
 * getInputNode, so a keyboard or screen-reader user hears its message (a disabled submit button
 * would be skipped by Tab and say nothing).
 */
export function focusFirstFormError<F extends string>(
  form: { getInputNode: (path: F) => HTMLElement | null },
  fields: readonly F[],
): (errors: Record<string, unknown>) => void {
  return (errors) => {
    const first = fields.find((field) => errors[field]);
    if (first !== undefined) form.getInputNode(first)?.focus();
  };
}

/**
 * Where the keyboard focus was as an action began (`rememberFocus`): the control (null: nothing
 * was focused), and how to find the control that takes its place if a re-render replaces it (the
 * same kind of element with the same name, the same one of those on the page, on the same page).
 */
export interface RememberedFocus {
  readonly element: HTMLElement | null;
  readonly selector: string;
  readonly name: string;
  readonly index: number;
  readonly path: string;
}

/** A control's name as a person reads it: its aria-label, a field's label, or its text. */
function nameOf(element: HTMLElement): string {
  const label = element.getAttribute('aria-label') ?? (element as HTMLInputElement).labels?.[0]?.textContent;
  return (label ?? element.textContent ?? '').trim();
}

function sameKind(selector: string, name: string): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(selector)].filter((candidate) => nameOf(candidate) === name);
}

/**
 * Remembers the focused control as an action that sends a request begins (in its click or submit,
 * or as the mutation's `onMutate`, which TanStack Query calls within `mutate()`), for
 * `returnFocus`, and stops the `focusWhenReady` moves under way. No control is remembered when
 * nothing is focused (a mouse click in Safari), and then `returnFocus` leaves the focus alone.
 */
export function rememberFocus(): RememberedFocus {
  // The person acts from where the focus is now: a move still holding the focus (a form just
  // opened) would take it back when this action's button drops it.
  for (const stop of movesUnderWay) stop();
  const element = document.activeElement;
  if (!(element instanceof HTMLElement) || element === document.body) {
    return { element: null, selector: '', name: '', index: -1, path: location.pathname };
  }
  const selector =
    element.tagName.toLowerCase() + (element instanceof HTMLInputElement ? `[type="${element.type}"]` : '');
  const name = nameOf(element);
  return { element, selector, name, index: sameKind(selector, name).indexOf(element), path: location.pathname };
}

/** The remembered control, or the one that has taken its place. */
function controlOf(remembered: RememberedFocus): HTMLElement | null {
  if (remembered.element?.isConnected) return remembered.element;
  if (location.pathname !== remembered.path || remembered.index < 0) return null;
  return sameKind(remembered.selector, remembered.name)[remembered.index] ?? null;
}

let stopReturning: (() => void) | null = null;

/** Stops a `returnFocus` under way (the web tests, which share one document, between tests). */
export function stopReturningFocus(): void {
  stopReturning?.();
  stopReturning = null;
}

/**
 * Keeps keyboard focus through an action that sends a request (QA walk, issue 35; decision 0135).
 * While the request runs its button is disabled (Mantine's `loading` sets `disabled`), and a
 * browser then drops the focus to the page's body; a re-render may also replace the button (a
 * form keyed by what was saved) or remove it (a form replaced by its result), and a keyboard or
 * screen-reader user starts again at the top of the page.
 *
 * Called once the action's answer is in (onSettled, onError, onSuccess) with what `rememberFocus`
 * gave as it began: the focus goes to what `find` answers (the result, its heading), given the
 * remembered control or the one that took its place, or by default to that control, as soon as it
 * is in the document and enabled again (checked on each frame, for up to `timeoutMs`). A refusal
 * is said by its role=alert message (Mantine's Alert, an error toast) while the focus is back on
 * the button. Only while the focus is still on the remembered control, or where it was when this
 * was called, or has dropped to the body: a person who has moved on keeps their focus. Held there
 * for a moment as `focusWhenReady` does (a later re-render that drops it again).
 *
 * Not tied to a component, unlike `useFocusWhenReady`: the component that started the action is
 * often the one a re-render replaces. One at a time: a new call replaces the one under way.
 */
export function returnFocus(
  remembered: RememberedFocus | undefined,
  find: (control: HTMLElement | null) => HTMLElement | null = (control) => control,
  timeoutMs = 5000,
): void {
  stopReturningFocus();
  // Nothing remembered: the action began with nothing focused, or `onMutate` did not run.
  if (!remembered?.element) return;
  const deadline = performance.now() + timeoutMs;
  const atCall = document.activeElement;
  let focused: HTMLElement | null = null;
  let holdUntil = 0;
  let frame = 0;
  const attempt = () => {
    const now = performance.now();
    if (holdUntil > 0 && now > holdUntil) return;
    const active = document.activeElement;
    const dropped = active === null || active === document.body;
    const stayed = active === remembered.element || active === atCall || (focused !== null && active === focused);
    if (!dropped && !stayed) return;
    if (holdUntil === 0 || dropped) {
      const target = find(controlOf(remembered));
      if (usable(target) && target !== active) {
        focusElement(target);
        focused = target;
        holdUntil ||= now + HOLD_MS;
      } else if (holdUntil === 0 && now >= deadline) {
        return;
      }
    }
    frame = requestAnimationFrame(attempt);
  };
  frame = requestAnimationFrame(attempt);
  stopReturning = () => cancelAnimationFrame(frame);
}
