import { describe, expect, it } from 'vitest';
import {
  checkTargets,
  DATABASES_SECTION_END,
  DATABASES_SECTION_START,
  mergeSection,
  SECTION_END,
  SECTION_START,
  summarise,
  summariseDatabases,
  type DatabaseFigureId,
  type Engine,
  type FigureId,
  type Sample,
  type UploadResult,
} from './report';

const sample = (rps: number, p99 = 5): Sample => ({ rps, p50: 1, p99, cpuUsPerRequest: 100 });
const upload: UploadResult = {
  fileBytes: 10_000_000,
  eventLoopP99Ms: 12,
  eventLoopMaxMs: 20,
  rssGrowthBytes: 12_000_000,
  uploadMs: 150,
};

function rows(overrides: Partial<Record<FigureId, Sample[]>> = {}) {
  const base: Record<FigureId, Sample[]> = {
    express: [sample(2_000)],
    rest: [sample(4_000)],
    trpc: [sample(1_600)],
    dashboard: [sample(800)],
    html: [sample(6_000)],
    rest200: [sample(200, 12)],
    rest10: [sample(4_000, 4)],
    rest100k: [sample(3_800, 4.8)],
    trpc10: [sample(1_600, 8)],
    trpc100k: [sample(1_500, 9)],
  };
  return summarise(new Map(Object.entries({ ...base, ...overrides }) as [FigureId, Sample[]][]));
}

describe('the bench report', () => {
  it('takes the median of the rounds for each column', () => {
    const [row] = summarise(new Map([['rest', [sample(100, 9), sample(300, 1), sample(200, 5)]]]));
    expect(row).toMatchObject({ rps: 200, p99: 5, cpuUsPerRequest: 100 });
  });

  it('meets every target when the ratios are good', () => {
    expect(checkTargets(rows(), upload).filter((c) => !c.met)).toEqual([]);
  });

  it('names each missed target', () => {
    const missed = checkTargets(
      rows({ rest: [sample(2_900)], rest100k: [sample(3_000, 6)], rest200: [sample(200, 25)] }),
      { ...upload, rssGrowthBytes: 25_000_000 },
    )
      .filter((c) => !c.met)
      .map((c) => c.figure);
    expect(missed).toEqual([
      'REST read / Express 5 doing the same work (requests/s)',
      'REST read, 100k couples / 10 couples (requests/s)',
      'REST read, 100k couples / 10 couples (p99)',
      'REST read p99 at 200 requests/s offered (ms)',
      '10 MB upload: server memory growth / file size',
    ]);
  });

  it('replaces only its own section of docs/benchmarks.md', () => {
    const page = `# Benchmarks\n\nLighthouse results\n\n${SECTION_START}\nold\n${SECTION_END}\n\nMore notes\n`;
    const merged = mergeSection(page, `${SECTION_START}\nnew\n${SECTION_END}`);
    expect(merged).toBe(`# Benchmarks\n\nLighthouse results\n\n${SECTION_START}\nnew\n${SECTION_END}\n\nMore notes\n`);
    expect(mergeSection('# Benchmarks\n\nLighthouse\n', 'S')).toBe('# Benchmarks\n\nLighthouse\n\nS\n');
    expect(mergeSection(undefined, 'S')).toContain('# Benchmarks');
  });

  it('compares the databases by the median of the back-to-back pairs', () => {
    const pairs = (sqlite: number[], postgres: number[]): Record<Engine, Sample[]> => ({
      sqlite: sqlite.map((rps) => sample(rps)),
      postgres: postgres.map((rps) => sample(rps)),
    });
    // Per-round ratios 0.5, 0.25 and 0.6: the median pair says 0.5, while the medians of each
    // side on its own (2,000 / 4,000 = 0.5 here too) could differ from it in other runs.
    const rows = summariseDatabases(
      new Map<DatabaseFigureId, Record<Engine, Sample[]>>([
        ['rest', pairs([4_000, 8_000, 2_000], [2_000, 2_000, 1_200])],
        ['restTcp', pairs([4_000], [1_800])],
      ]),
    );
    expect(rows[0]).toMatchObject({ id: 'rest', rpsRatio: 0.5, sqlite: { rps: 4_000 }, postgres: { rps: 2_000 } });
    expect(rows[1]).toMatchObject({ id: 'restTcp', rpsRatio: 0.45 });
  });

  it('puts the databases section after the API section the first time, and replaces it afterwards', () => {
    const markers = { start: DATABASES_SECTION_START, end: DATABASES_SECTION_END, after: SECTION_END };
    const page = `# Benchmarks\n\n${SECTION_START}\napi\n${SECTION_END}\n\n## Front end\n`;
    const first = mergeSection(page, `${DATABASES_SECTION_START}\nv1\n${DATABASES_SECTION_END}`, markers);
    expect(first).toBe(
      `# Benchmarks\n\n${SECTION_START}\napi\n${SECTION_END}\n\n${DATABASES_SECTION_START}\nv1\n${DATABASES_SECTION_END}\n\n## Front end\n`,
    );
    const second = mergeSection(first, `${DATABASES_SECTION_START}\nv2\n${DATABASES_SECTION_END}`, markers);
    expect(second).toBe(first.replace('v1', 'v2'));
    // The API section's own update leaves the databases section alone.
    expect(mergeSection(second, `${SECTION_START}\napi 2\n${SECTION_END}`)).toBe(
      second.replace('\napi\n', '\napi 2\n'),
    );
  });
});
