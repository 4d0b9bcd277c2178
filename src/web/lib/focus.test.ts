import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { focusWhenReady } from './focus';

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
