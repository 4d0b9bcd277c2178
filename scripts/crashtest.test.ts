import { describe, expect, inject, it } from 'vitest';
import { runCrashTest } from './crashtest';

describe('crash safety (short run of npm run crashtest)', () => {
  it('survives SIGKILL during writes and uploads with nothing lost, partial or orphaned', {
    timeout: 180_000,
  }, async () => {
    const result = await runCrashTest({ kills: 3, entry: inject('compiledServer') });
    expect(result.problems).toEqual([]);
    expect(result.ackedWrites).toBeGreaterThan(0);
  });
});
