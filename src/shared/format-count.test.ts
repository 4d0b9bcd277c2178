import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';

describe('formatCount', () => {
  it('writes integers as en-US does', () => {
    for (const value of [
      0, 7, 999, 1000, 2000, 10_000, 123_456, 1_000_000, 9_007_199_254_740_991, -1, -1000, -123_456_789,
    ]) {
      expect(formatCount(value), String(value)).toBe(value.toLocaleString('en-US'));
    }
  });

  it('leaves other numbers to Intl', () => {
    expect(formatCount(1234.5)).toBe('1,234.5');
    expect(formatCount(Number.NaN)).toBe('NaN');
  });
});
