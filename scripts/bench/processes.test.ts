import { describe, expect, it } from 'vitest';
import { allowedCpus } from './processes';

describe('allowedCpus', () => {
  it("reads the CPUs a process may use from /proc's Cpus_allowed_list: single CPUs and ranges", () => {
    expect(allowedCpus('Name:\tnode\nCpus_allowed_list:\t0-3,8\nMems_allowed_list:\t0\n')).toEqual([0, 1, 2, 3, 8]);
    expect(allowedCpus('Cpus_allowed_list:\t5\n')).toEqual([5]);
  });

  it('answers no CPUs where there is no such line (not Linux), so nothing is pinned', () => {
    expect(allowedCpus('')).toEqual([]);
  });
});
