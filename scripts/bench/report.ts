import { median } from './load';

/** One figure of the table, measured once per round. */
export interface Sample {
  rps: number;
  p50: number;
  p99: number;
  /** Server CPU (user + system) per request in microseconds, when /proc is there to read it. */
  cpuUsPerRequest: number | null;
  /** Of cpuUsPerRequest, what the database server's processes spent (PostgreSQL only). */
  databaseCpuUsPerRequest?: number | null;
}

export interface Row {
  id: FigureId;
  label: string;
  rps: number;
  p50: number;
  p99: number;
  cpuUsPerRequest: number | null;
  rounds: Sample[];
}

export const FIGURES = {
  express: 'Express 5 + better-sqlite3, the same read',
  rest: 'REST read: GET /api/user-progression/{id}',
  trpc: 'tRPC read: progress.progression',
  dashboard: "Dashboard opening: the page's data batch (6 procedures)",
  html: 'GET / (the HTML)',
  rest200: 'REST read at 200 requests/s offered (paced, open loop)',
  rest10: 'REST read, 10 couples',
  rest100k: 'REST read, 100,000 couples',
  trpc10: 'tRPC read, 10 couples',
  trpc100k: 'tRPC read, 100,000 couples',
} as const;
export type FigureId = keyof typeof FIGURES;

export interface UploadResult {
  fileBytes: number;
  /** The worst of the measured uploads. */
  eventLoopP99Ms: number;
  eventLoopMaxMs: number;
  rssGrowthBytes: number;
  uploadMs: number;
}

export interface Check {
  figure: string;
  value: number;
  target: string;
  met: boolean;
}

/** Medians over the rounds, each column on its own (as autocannon users expect). */
function medians(rounds: Sample[]): Sample {
  const cpu = rounds.map((r) => r.cpuUsPerRequest).filter((v): v is number => v !== null);
  const databaseCpu = rounds.map((r) => r.databaseCpuUsPerRequest).filter((v): v is number => typeof v === 'number');
  return {
    rps: median(rounds.map((r) => r.rps)),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    cpuUsPerRequest: cpu.length === rounds.length ? median(cpu) : null,
    ...(databaseCpu.length === rounds.length ? { databaseCpuUsPerRequest: median(databaseCpu) } : {}),
  };
}

/** Medians over the rounds, per figure. */
export function summarise(samples: Map<FigureId, Sample[]>): Row[] {
  return [...samples].map(([id, rounds]) => ({ id, label: FIGURES[id], ...medians(rounds), rounds }));
}

/** The median of the per-round ratios of two figures measured back to back in each round. */
export function paired(a: Row, b: Row, key: 'rps' | 'p99'): number {
  return median(a.rounds.map((sample, round) => sample[key] / b.rounds[round]![key]));
}

/** The targets of docs/benchmarks.md, every one a ratio or a bound taken in this run. */
export function checkTargets(rows: Row[], upload: UploadResult): Check[] {
  const row = (id: FigureId) => {
    const found = rows.find((r) => r.id === id);
    if (!found) throw new Error(`No measurement for ${id}`);
    return found;
  };
  const atLeast = (figure: string, value: number, min: number): Check => ({
    figure,
    value,
    target: `>= ${min}`,
    met: value >= min,
  });
  const atMost = (figure: string, value: number, max: number): Check => ({
    figure,
    value,
    target: `<= ${max}`,
    met: value <= max,
  });
  return [
    atLeast('REST read / Express 5 doing the same work (requests/s)', row('rest').rps / row('express').rps, 1.5),
    atLeast('REST read, 100k couples / 10 couples (requests/s)', paired(row('rest100k'), row('rest10'), 'rps'), 0.9),
    atMost('REST read, 100k couples / 10 couples (p99)', paired(row('rest100k'), row('rest10'), 'p99'), 1.25),
    atLeast('tRPC read, 100k couples / 10 couples (requests/s)', paired(row('trpc100k'), row('trpc10'), 'rps'), 0.9),
    atMost('tRPC read, 100k couples / 10 couples (p99)', paired(row('trpc100k'), row('trpc10'), 'p99'), 1.25),
    atMost('REST read p99 at 200 requests/s offered (ms)', row('rest200').p99, 20),
    atMost('10 MB upload: event-loop delay p99 (ms)', upload.eventLoopP99Ms, 50),
    {
      figure: '10 MB upload: server memory growth / file size',
      value: upload.rssGrowthBytes / upload.fileBytes,
      target: '< 2',
      met: upload.rssGrowthBytes < 2 * upload.fileBytes,
    },
  ];
}

const fixed = (value: number, digits: number) => value.toFixed(digits);
const thousands = (value: number) => Math.round(value).toLocaleString('en-US');

/** What every section of the page says of its run: when, where, on what, and how it measured. */
export interface RunConditions {
  date: string;
  commit: string;
  node: string;
  cpu: string;
  cores: number;
  /** Which CPUs the bench process and the servers were kept to. */
  placement: string;
  loadBefore: number[];
  loadAfter: number[];
  rounds: number;
  warmupRequests: number;
  warmupCapSeconds: number;
  warmupBeforeEachSeconds: number;
  seconds: number;
  connections: number;
}

export interface RunInfo extends RunConditions {
  logLevel: string;
  seeding: { couples: number; seconds: number; rows: Record<string, number> };
  quick: boolean;
}

export const SECTION_START = '<!-- bench:start (written by npm run bench; edit outside these markers) -->';
export const SECTION_END = '<!-- bench:end -->';

export function renderMarkdown(info: RunInfo, rows: Row[], checks: Check[], upload: UploadResult): string {
  const load = (l: number[]) => l.map((v) => v.toFixed(1)).join(' / ');
  const lines = [
    SECTION_START,
    '## API and upload (`npm run bench`)',
    '',
    `Run ${info.date} at commit \`${info.commit}\`${info.quick ? ' (**--quick smoke run**, not comparable)' : ''}: Node ${info.node}, ${info.cores} × ${info.cpu}, ` +
      `load average ${load(info.loadBefore)} before and ${load(info.loadAfter)} after (1/5/15 min; other work on the machine shares the cores). ` +
      `Everything on loopback, one server under load at a time, autocannon in the bench process with ${info.connections} connections, ${info.placement}: ` +
      `every figure loaded with ${thousands(info.warmupRequests)} requests (at most ${info.warmupCapSeconds} s) after a server starts, then ${info.warmupBeforeEachSeconds} s of warm-up and ${info.seconds} s measured per run; ` +
      `${info.rounds} round(s), order rotated; medians, and the 10 vs 100,000 couples ratios are medians of back-to-back pairs, a fresh pair of servers each round. ` +
      `The app runs as shipped: the compiled server with npm start's Node options, NODE_ENV=production, LOG_LEVEL=${info.logLevel}. ` +
      `Large database: ${thousands(info.seeding.couples)} couples (${Object.entries(info.seeding.rows)
        .map(([table, n]) => `${thousands(n)} ${table}`)
        .join(', ')}), seeded in ${fixed(info.seeding.seconds, 0)} s.`,
    '',
    '| Figure | Requests/s | p50 (ms) | p99 (ms) | Server CPU per request (µs) |',
    '|---|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.label} | ${thousands(r.rps)} | ${fixed(r.p50, 2)} | ${fixed(r.p99, 2)} | ${r.cpuUsPerRequest === null ? 'n/a' : thousands(r.cpuUsPerRequest)} |`,
    ),
    '',
    `10 MB upload (${thousands(upload.fileBytes)} bytes, worst of the measured uploads): event-loop delay p99 ${fixed(upload.eventLoopP99Ms, 1)} ms ` +
      `(max ${fixed(upload.eventLoopMaxMs, 1)} ms), server memory growth ${fixed(upload.rssGrowthBytes / 1024 / 1024, 1)} MB (RSS before vs peak during), ` +
      `${fixed(upload.uploadMs, 0)} ms per upload.`,
    '',
    '| Target | Measured | Target | Met |',
    '|---|---:|---:|:---:|',
    ...checks.map((c) => `| ${c.figure} | ${fixed(c.value, 2)} | ${c.target} | ${c.met ? 'yes' : '**NO**'} |`),
    '',
    SECTION_END,
  ];
  return lines.join('\n');
}

/**
 * Puts a bench section into the page, keeping whatever else it holds (e.g. the Lighthouse results).
 * A section not there yet goes after the page's other bench section (`after`), else at the end.
 */
export function mergeSection(
  existing: string | undefined,
  section: string,
  markers: { start: string; end: string; after?: string } = { start: SECTION_START, end: SECTION_END },
): string {
  if (existing === undefined || existing.trim() === '') {
    return `# Benchmarks\n\nHow fast the app is, measured on this machine. Every target is a ratio or a bound taken in one run.\n\n${section}\n`;
  }
  const start = existing.indexOf(markers.start);
  const end = existing.indexOf(markers.end);
  if (start !== -1 && end > start) return existing.slice(0, start) + section + existing.slice(end + markers.end.length);
  const after = markers.after ? existing.indexOf(markers.after) : -1;
  if (after !== -1) {
    const at = after + markers.after!.length;
    return `${existing.slice(0, at)}\n\n${section}${existing.slice(at)}`;
  }
  return `${existing.trimEnd()}\n\n${section}\n`;
}

/**
 * SQLite vs PostgreSQL (issue 27, decision 0180): the same reads of the same seeded data, the app
 * once on the SQLite file and once on a PostgreSQL copy of it, measured back to back in each round.
 */
export const DATABASE_FIGURES = {
  rest: 'REST read: GET /api/user-progression/{id}',
  restTcp: 'The same REST read, PostgreSQL through TCP on 127.0.0.1',
  trpc: 'tRPC read: progress.progression',
  dashboard: "Dashboard opening: the page's data batch (6 procedures)",
} as const;
export type DatabaseFigureId = keyof typeof DATABASE_FIGURES;
export type Engine = 'sqlite' | 'postgres';

export interface DatabaseRow {
  id: DatabaseFigureId;
  label: string;
  sqlite: Sample;
  postgres: Sample;
  /** Medians of the per-round PostgreSQL / SQLite ratios of back-to-back runs. */
  rpsRatio: number;
  p99Ratio: number;
  rounds: Record<Engine, Sample[]>;
}

export function summariseDatabases(samples: Map<DatabaseFigureId, Record<Engine, Sample[]>>): DatabaseRow[] {
  return [...samples].map(([id, rounds]) => {
    const ratio = (key: 'rps' | 'p99') =>
      median(rounds.postgres.map((sample, round) => sample[key] / rounds.sqlite[round]![key]));
    return {
      id,
      label: DATABASE_FIGURES[id],
      sqlite: medians(rounds.sqlite),
      postgres: medians(rounds.postgres),
      rpsRatio: ratio('rps'),
      p99Ratio: ratio('p99'),
      rounds,
    };
  });
}

export const DATABASES_SECTION_START =
  '<!-- bench-databases:start (written by npm run bench; edit outside these markers) -->';
export const DATABASES_SECTION_END = '<!-- bench-databases:end -->';

export interface DatabasesRunInfo extends RunConditions {
  postgres: string;
  couples: number;
  copySeconds: number;
  /** `npm run bench -- --databases-only`: only this comparison ran. */
  only: boolean;
  quick: boolean;
}

export function renderDatabasesMarkdown(info: DatabasesRunInfo, rows: DatabaseRow[]): string {
  const load = (l: number[]) => l.map((v) => v.toFixed(1)).join(' / ');
  const cpu = (s: Sample) =>
    s.cpuUsPerRequest === null
      ? 'n/a'
      : `${thousands(s.cpuUsPerRequest)}${typeof s.databaseCpuUsPerRequest === 'number' ? ` (${thousands(s.databaseCpuUsPerRequest)})` : ''}`;
  return [
    DATABASES_SECTION_START,
    '## SQLite and PostgreSQL side by side (`npm run bench`)',
    '',
    `Run ${info.date} at commit \`${info.commit}\`${info.quick ? ' (**--quick smoke run**, not comparable)' : ''}${info.only ? ' with `--databases-only` (this comparison alone)' : ''}: ` +
      `Node ${info.node}, ${info.postgres}, ${info.cores} × ${info.cpu}, load average ${load(info.loadBefore)} before and ${load(info.loadAfter)} after ` +
      '(1/5/15 min; other work on the machine shares the cores). ' +
      `The same ${thousands(info.couples)}-couple database, seeded into SQLite and copied row by row (\`copyDatabase\`, ${fixed(info.copySeconds, 1)} s) into a throw-away PostgreSQL server on the same machine ` +
      "(fsync off, as its data is thrown away). The PostgreSQL app connects through the server's Unix socket, as an app on the database's own host does; " +
      'the row "through TCP" is the same read by a third app connecting to 127.0.0.1, as an app on another machine would (without the network) (decision 0197). ' +
      'The apps get the same DATA_DIR contents (access-code key) and the same session cookie. ' +
      `Each round starts a fresh pair of apps, loads every figure of both with ${thousands(info.warmupRequests)} requests (at most ${info.warmupCapSeconds} s), ` +
      `then measures each figure on both back to back (${info.warmupBeforeEachSeconds} s of warm-up, ${info.seconds} s measured, ${info.connections} connections), alternating which goes first; ` +
      `${info.rounds} round(s), figures in rotated order; medians, and the ratios are medians of the back-to-back pairs. ` +
      `${info.placement[0]!.toUpperCase()}${info.placement.slice(1)}; the PostgreSQL server is kept to the servers' CPU too, so both databases serve from the same single core ` +
      '(on a real install PostgreSQL usually has cores, or a machine, of its own). ' +
      "Server CPU per request on PostgreSQL is the app plus the PostgreSQL processes; in brackets, the PostgreSQL processes' share.",
    '',
    'All apps answer a known session from memory (decision 0064); on PostgreSQL the memory is cleared by the notices the database sends ' +
      'after any change to sessions, accounts or couples (LISTEN/NOTIFY, decision 0181), on SQLite by any write.',
    '',
    '| Figure | SQLite requests/s | PostgreSQL requests/s | PostgreSQL / SQLite | SQLite p99 (ms) | PostgreSQL p99 (ms) | SQLite CPU/request (µs) | PostgreSQL CPU/request, app + database (database) (µs) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.label} | ${thousands(r.sqlite.rps)} | ${thousands(r.postgres.rps)} | ${fixed(r.rpsRatio, 2)} | ${fixed(r.sqlite.p99, 2)} | ${fixed(r.postgres.p99, 2)} | ${cpu(r.sqlite)} | ${cpu(r.postgres)} |`,
    ),
    '',
    DATABASES_SECTION_END,
  ].join('\n');
}
