import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/server/db/client';
import { findResponse, upsertResponse } from '../src/server/features/workbook/repo';
import type { Partner } from '../src/shared/constants';
import { checkAcknowledgedWrites, type LoadTestResult, loadTestOptions, runLoadTest } from './loadtest';
import { DASHBOARD_OPENING, weekReads } from './lib/dashboard-requests';

/**
 * A short run of `npm run loadtest` (a handful of couples for a few seconds against a server of its
 * own on SQLite), and a check of its checker: an acknowledged answer changed afterwards must be
 * reported, and nothing else (its workbook check once reported every write as lost).
 */
describe('load test (short run of npm run loadtest)', () => {
  let result: LoadTestResult;

  beforeAll(async () => {
    result = await runLoadTest({
      couples: 4,
      durationMs: 3_000,
      warmUpMs: 1_000,
      keepDataDir: true,
      entry: inject('compiledServer'),
    });
  }, 120_000);

  afterAll(() => {
    if (result?.dataDir) fs.rmSync(result.dataDir, { recursive: true, force: true });
  });

  it('answers without a 5xx and finds every acknowledged write as sent', () => {
    expect(result.serverErrors).toBe(0);
    expect(result.unexpected).toEqual([]);
    expect(result.lost).toEqual([]);
    expect(result.integrity).toBe('ok');
    expect(result.serverExit).toBe(0);
    expect(result.failed).toBe(false);
    // The warm-up's requests are counted apart from the measured ones, and checked like them.
    expect(result.warmUpRequests).toBeGreaterThan(0);
    expect(result.warmUpP99Ms).toBeGreaterThan(0);
    // Every read of the page a couple opens was sent and measured.
    for (const { name } of [...DASHBOARD_OPENING, ...weekReads(1)]) {
      expect(result.operations.find((operation) => operation.name === name)?.requests, name).toBeGreaterThan(0);
    }
    // Every kind of write was checked at least once.
    expect(result.acked.workbook.size).toBeGreaterThan(0);
    expect(result.acked.notes.size).toBeGreaterThan(0);
    expect(result.acked.completed.size).toBeGreaterThan(0);
    expect(result.acked.profile.size).toBeGreaterThan(0);
    expect(result.acked.frameworks.size).toBeGreaterThan(0);
  });

  it('reports an acknowledged workbook answer that was altered afterwards, and only that one', async () => {
    const dataDir = result.dataDir!;
    const [key] = result.acked.workbook.keys();
    const [couple, week, partner] = key!.split('/');
    const app = openDatabase(path.join(dataDir, 'app.sqlite'));
    try {
      const stored = await findResponse(app.db, Number(couple), Number(week), partner as Partner);
      const [questionId, answer] = Object.entries(stored!.reflectionAnswers)[0]!;
      await upsertResponse(app.db, Number(couple), Number(week), partner as Partner, {
        ...stored!,
        reflectionAnswers: { ...stored!.reflectionAnswers, [questionId]: `${answer} (altered)` },
      });
    } finally {
      await app.db.destroy();
    }

    const check = await checkAcknowledgedWrites(dataDir, result.acked);
    expect(check.lost).toEqual([`workbook ${key}`]);
    expect(check.integrity).toBe('ok');
  });
});

describe('npm run loadtest’s options', () => {
  const defaults = { couples: '20', duration: '20', database: 'sqlite', 'think-ms': '0', 'warm-up': '5' };

  it('reads the numbers and the database', () => {
    expect(loadTestOptions({ ...defaults, couples: '100', 'think-ms': '1000', database: 'postgres' })).toEqual({
      couples: 100,
      durationMs: 20_000,
      database: 'postgres',
      thinkMs: 1000,
      warmUpMs: 5_000,
    });
  });

  it('refuses a value that is not a number in range, naming the option', () => {
    expect(() => loadTestOptions({ ...defaults, couples: '1OO' })).toThrow(
      '--couples must be a whole number of at least 1 (got "1OO")',
    );
    expect(() => loadTestOptions({ ...defaults, couples: '2.5' })).toThrow('--couples');
    expect(() => loadTestOptions({ ...defaults, duration: '0' })).toThrow('--duration must be a number of at least 1');
    expect(() => loadTestOptions({ ...defaults, 'warm-up': '' })).toThrow('--warm-up');
    expect(() => loadTestOptions({ ...defaults, 'think-ms': '-1' })).toThrow('--think-ms');
    expect(() => loadTestOptions({ ...defaults, database: 'mysql' })).toThrow(
      '--database is sqlite or postgres (got "mysql")',
    );
  });
});
