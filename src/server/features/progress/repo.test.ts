import { describe, expect, it } from 'vitest';
import { TOTAL_WEEKS } from '../../../shared/constants';
import { weeksFromBits } from './repo';

/** What SQLite's sum(1 << (week_number - 1)) gives for these weeks. */
const bitsOf = (weeks: number[]) => weeks.reduce((sum, week) => sum + 2 ** (week - 1), 0);

describe('weeksFromBits', () => {
  it('reads no weeks from 0', () => {
    expect(weeksFromBits(0)).toEqual([]);
  });

  it('reads each single week, at both ends and across the 26/27 split', () => {
    for (let week = 1; week <= TOTAL_WEEKS; week += 1) expect(weeksFromBits(bitsOf([week]))).toEqual([week]);
  });

  it('reads all 52 weeks, ascending', () => {
    const all = Array.from({ length: TOTAL_WEEKS }, (_, i) => i + 1);
    expect(weeksFromBits(bitsOf(all))).toEqual(all);
  });

  it('gives back any set of weeks in ascending order', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 200; round += 1) {
      const weeks = Array.from({ length: TOTAL_WEEKS }, (_, i) => i + 1).filter(() => random() < 0.4);
      expect(weeksFromBits(bitsOf([...weeks].reverse()))).toEqual(weeks);
    }
  });
});
