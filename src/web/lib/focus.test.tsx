import { render, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { focusWhenReady, rememberFocus, returnFocus, stopReturningFocus, useFocusWhenReady } from './focus';

function button(week: number): HTMLButtonElement {
  const element = document.createElement('button');
  element.dataset.weekButton = String(week);
  element.textContent = `Week ${week}`;
  return element;
}

const findWeek = (week: number) => () => document.querySelector<HTMLElement>(`[data-week-button="${week}"]`);
const frames = (count: number) =>
  new Promise<void>((resolve) => {
    const next = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => next(left - 1)));
    next(count);
  });

afterEach(() => {
  stopReturningFocus();
  document.body.replaceChildren();
});

describe('focusWhenReady', () => {
  it('focuses the element once it is in the document', async () => {
    const stop = focusWhenReady(findWeek(2));
    await frames(2);
    const week2 = button(2);
    document.body.append(week2);
    await waitFor(() => expect(document.activeElement).toBe(week2));
    stop();
  });

  it('focuses the new element when a re-render replaces the focused one and drops the focus', async () => {
    const first = button(2);
    document.body.append(first);
    const stop = focusWhenReady(findWeek(2));
    await waitFor(() => expect(document.activeElement).toBe(first));
    const second = button(2);
    first.replaceWith(second);
    expect(document.activeElement).toBe(document.body);
    await waitFor(() => expect(document.activeElement).toBe(second));
    stop();
  });

  it('leaves the focus where a person has moved it meanwhile', async () => {
    const week2 = button(2);
    const other = button(9);
    document.body.append(week2, other);
    const stop = focusWhenReady(findWeek(2));
    await waitFor(() => expect(document.activeElement).toBe(week2));
    other.focus();
    await frames(5);
    expect(document.activeElement).toBe(other);
    stop();
  });
});

describe('useFocusWhenReady', () => {
  function Focuser({ week }: { week: number }) {
    const focusWhenReady = useFocusWhenReady();
    useEffect(() => focusWhenReady(findWeek(week)), [focusWhenReady, week]);
    return null;
  }

  it('stops holding the focus once its component has gone, so it never lands on the next page', async () => {
    const first = button(2);
    document.body.append(first);
    const { unmount } = render(<Focuser week={2} />);
    await waitFor(() => expect(document.activeElement).toBe(first));
    unmount();
    const next = button(2);
    first.replaceWith(next);
    await frames(5);
    expect(document.activeElement).toBe(document.body);
  });

  it('a new move replaces the one still under way', async () => {
    const { rerender } = render(<Focuser week={3} />);
    rerender(<Focuser week={4} />);
    const week3 = button(3);
    const week4 = button(4);
    document.body.append(week3, week4);
    await waitFor(() => expect(document.activeElement).toBe(week4));
    await frames(5);
    expect(document.activeElement).toBe(week4);
  });
});

describe('rememberFocus and returnFocus', () => {
  function saveButton(): HTMLButtonElement {
    const element = document.createElement('button');
    element.textContent = 'Save';
    return element;
  }

  /** What a browser does while the request runs: the button is disabled and the focus drops to the body. */
  function busy(element: HTMLButtonElement) {
    element.disabled = true;
    element.blur();
  }

  it('puts the focus back on the button once its request is answered and it is enabled again', async () => {
    const save = saveButton();
    document.body.append(save);
    save.focus();
    const remembered = rememberFocus();
    busy(save);
    returnFocus(remembered);
    await frames(3);
    expect(document.activeElement).toBe(document.body);
    save.disabled = false;
    await waitFor(() => expect(document.activeElement).toBe(save));
  });

  it('focuses the button that took its place when a re-render replaced the form', async () => {
    const first = saveButton();
    const second = saveButton();
    document.body.append(first, second);
    second.focus();
    const remembered = rememberFocus();
    const replacement = saveButton();
    second.replaceWith(replacement);
    expect(document.activeElement).toBe(document.body);
    returnFocus(remembered);
    // The same one of the page's "Save" buttons: the second, not the first.
    await waitFor(() => expect(document.activeElement).toBe(replacement));
  });

  it('moves the focus to the result the action shows instead, once it is there', async () => {
    const save = saveButton();
    document.body.append(save);
    save.focus();
    const remembered = rememberFocus();
    busy(save);
    returnFocus(remembered, () => document.querySelector<HTMLElement>('h2'));
    await frames(2);
    const heading = document.createElement('h2');
    heading.textContent = 'Spring cohort';
    save.replaceWith(heading);
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.tabIndex).toBe(-1);
  });

  it('leaves the focus where a person has moved it meanwhile', async () => {
    const save = saveButton();
    const other = button(9);
    document.body.append(save, other);
    save.focus();
    const remembered = rememberFocus();
    busy(save);
    returnFocus(remembered);
    other.focus();
    save.disabled = false;
    await frames(5);
    expect(document.activeElement).toBe(other);
  });

  it('stops a move still holding the focus, which would take it back when the button drops it', async () => {
    const field = button(1);
    const save = saveButton();
    document.body.append(field, save);
    focusWhenReady(findWeek(1));
    await waitFor(() => expect(document.activeElement).toBe(field));
    save.focus();
    const remembered = rememberFocus();
    busy(save);
    returnFocus(remembered);
    await frames(3);
    expect(document.activeElement).toBe(document.body);
    save.disabled = false;
    await waitFor(() => expect(document.activeElement).toBe(save));
  });

  it('does nothing when nothing was focused as the action began', async () => {
    const save = saveButton();
    document.body.append(save);
    const remembered = rememberFocus();
    expect(remembered.element).toBeNull();
    returnFocus(remembered);
    await frames(5);
    expect(document.activeElement).toBe(document.body);
  });
});
