import { render, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { focusWhenReady, useFocusWhenReady } from './focus';

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
