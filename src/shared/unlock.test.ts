import { describe, expect, it } from 'vitest';
import { accessLimit, isWeekUnlocked, nextWeek, weekLockReason } from './unlock';

describe('week unlocking', () => {
  it('opens week 1 and each week after a completed one', () => {
    const done = new Set([1, 2]);
    expect(isWeekUnlocked(1, new Set(), 52)).toBe(true);
    expect(isWeekUnlocked(2, new Set(), 52)).toBe(false);
    expect(isWeekUnlocked(3, done, 52)).toBe(true);
    expect(isWeekUnlocked(4, done, 52)).toBe(false);
  });

  it('never opens a week above the access limit, but completed weeks stay open', () => {
    const done = new Set([1, 2, 3, 4]);
    expect(isWeekUnlocked(5, done, 4)).toBe(false);
    expect(isWeekUnlocked(4, done, 4)).toBe(true);
    expect(isWeekUnlocked(4, done, 2)).toBe(true);
  });

  it('rejects weeks outside 1-52', () => {
    expect(isWeekUnlocked(0, new Set(), 52)).toBe(false);
    expect(isWeekUnlocked(53, new Set([52]), 52)).toBe(false);
  });

  it('gives trial and full limits', () => {
    expect(accessLimit('trial', 4)).toBe(4);
    expect(accessLimit('full', 4)).toBe(52);
  });

  it('finds the lowest week not completed', () => {
    expect(nextWeek([])).toBe(1);
    expect(nextWeek([1, 2, 4])).toBe(3);
    expect(nextWeek([2, 3])).toBe(1);
    expect(nextWeek(Array.from({ length: 51 }, (_, i) => i + 1))).toBe(52);
    expect(nextWeek(Array.from({ length: 52 }, (_, i) => i + 1))).toBeNull();
  });

  it('says why a week is locked: the previous week, or past the access limit', () => {
    const done = new Set([1, 2, 3]);
    expect(weekLockReason(4, done, 4)).toBeNull();
    expect(weekLockReason(5, done, 52)).toBe('previous-week');
    expect(weekLockReason(5, done, 4)).toBe('trial-limit');
    expect(weekLockReason(5, new Set([1, 2, 3, 4]), 4)).toBe('trial-limit');
    // Past the trial, completing the week before would not open it: the trial is the reason.
    expect(weekLockReason(9, new Set([1]), 4)).toBe('trial-limit');
    // A completed week stays open, whatever the limit.
    expect(weekLockReason(6, new Set([5, 6]), 4)).toBeNull();
  });
});
