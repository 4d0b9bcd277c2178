import { Textarea, type TextareaProps } from '@mantine/core';
import type { CSSProperties } from 'react';

/** The browser sizes a textarea to its text itself: CSS `field-sizing: content` (Chromium 123+). */
const sizedByTheBrowser = typeof CSS !== 'undefined' && CSS.supports?.('field-sizing', 'content') === true;

/** A height of `rows` lines of the input's text, with its padding and border (Mantine's input). */
const rowsHigh = (rows: number) =>
  `calc(${rows}lh + 2 * var(--input-padding-y, 0rem) + 2 * 0.0625rem * var(--mantine-scale))`;

export type GrowingTextareaProps = Omit<TextareaProps, 'autosize' | 'styles'> & { styles?: { input?: CSSProperties } };

/**
 * A textarea that grows with its text, from `minRows` up to `maxRows` lines (decision 0399). Where
 * the browser can size it to its content, it does, with no script; elsewhere Mantine's autosize
 * measures it, reading the page's layout after each of its renders, once per box (the seller's week
 * editor has 42, all rendered again with each keystroke).
 */
export function GrowingTextarea({ minRows = 1, maxRows, styles, ...props }: GrowingTextareaProps) {
  if (!sizedByTheBrowser) return <Textarea {...props} styles={styles} autosize minRows={minRows} maxRows={maxRows} />;
  const input: CSSProperties = {
    fieldSizing: 'content',
    height: 'auto',
    minHeight: `max(var(--input-height), ${rowsHigh(minRows)})`,
    ...(maxRows === undefined ? {} : { maxHeight: rowsHigh(maxRows) }),
    ...styles?.input,
  };
  return <Textarea {...props} styles={{ ...styles, input }} />;
}
