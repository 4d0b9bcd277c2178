import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { MAX_PDF_BYTES } from '../src/shared/constants';
import { DASHBOARD_OPENING } from './lib/dashboard-requests';
import { uploadForm } from './lib/http-client';
import { START_NODE_FLAGS, spawnTsServer, type ServerProcess } from './lib/server-process';
import { PROBE_PREFIX } from './bench/event-loop-probe';
import { measure, measurePaced, warmUp, type Measurement } from './bench/load';
import { placeOnSeparateCpus, spawnServer } from './bench/processes';
import {
  checkTargets,
  DATABASE_FIGURES,
  DATABASES_SECTION_END,
  DATABASES_SECTION_START,
  FIGURES,
  mergeSection,
  renderDatabasesMarkdown,
  renderMarkdown,
  SECTION_END,
  summarise,
  summariseDatabases,
  type DatabaseFigureId,
  type DatabasesRunInfo,
  type Engine,
  type FigureId,
  type RunConditions,
  type RunInfo,
  type Sample,
  type UploadResult,
} from './bench/report';
import { seedBenchDatabase, BENCH_COMPLETED_WEEKS, type SeededDatabase } from './bench/seed';
import { startPostgresServer, type PostgresServer } from './lib/postgres-server';
import { openDatabase } from '../src/server/db/client';
import { copyDatabase } from '../src/server/db/copy';
import { openPostgres } from '../src/server/db/postgres';
import { loadAccessCodeKey } from '../src/server/features/auth/access-code-key';

/**
 * `npm run bench [-- --quick]`: the server-side benchmark of docs/benchmarks.md, in one run on
 * loopback. The npm script builds the web app first if needed (scripts/ensure-build.ts). This seeds
 * a 10-couple and a 100,000-couple database straight into SQLite, then measures an Express 5 server
 * doing the same read as ours and our app (REST read, tRPC read, the dashboard's batch, the HTML),
 * one server at a time, in rotated order over three rounds; then the REST read at 200 requests/s
 * offered and a 10 MB upload (event-loop delay and memory, seen from inside the server by a
 * preload); then the same reads and the dashboard batch on SQLite and on a PostgreSQL copy of the
 * same data, side by side (decision 0180; figures only, since issue 34 retired their ratio as a
 * target). Writes docs/benchmarks.md (its own two sections) and docs/benchmarks.json; exits 1 when
 * a target is missed.
 * `--quick` is a short smoke run (fewer couples, one short round) that writes nothing to docs/.
 * `--databases-only` runs only the SQLite vs PostgreSQL comparison and writes only its section.
 */
const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    'databases-only': { type: 'boolean', default: false },
  },
});
const QUICK = values.quick;
const DATABASES_ONLY = values['databases-only'];
const ROUNDS = QUICK ? 1 : 3;
/**
 * Load on every figure of a freshly started server before any is measured: the JIT needs thousands
 * of calls (the tRPC path kept getting cheaper for 8 s at 1,000 requests/s), so it is counted in
 * requests, with a time cap.
 */
const INITIAL_WARMUP_REQUESTS = QUICK ? 1_000 : 8_000;
const INITIAL_WARMUP_S = QUICK ? 2 : 10;
const WARMUP_S = QUICK ? 0.5 : 1;
const SECONDS = QUICK ? 2 : 4;
const CONNECTIONS = 10;
const LARGE_COUPLES = QUICK ? 10_000 : 100_000;
const UPLOADS = QUICK ? 1 : 3;
const ADMIN_PASSWORD = 'bench-admin-password';
/** The app as shipped: production mode, default log level (decision 0061), demo data off. */
const APP_ENV = { NODE_ENV: 'production', LOG_LEVEL: 'info', DEMO_MODE: 'false', ADMIN_PASSWORD };

const root = path.resolve(import.meta.dirname, '..');
const started = performance.now();
const log = (text: string) =>
  console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${text}`);
const logSample = (round: number, what: string, sample: Sample) =>
  log(
    `round ${round + 1} ${what} ${sample.rps.toFixed(0).padStart(6)} req/s  p50 ${sample.p50.toFixed(2)} ms  p99 ${sample.p99.toFixed(2)} ms  ${sample.cpuUsPerRequest?.toFixed(0) ?? '?'} µs CPU/req${sample.databaseCpuUsPerRequest == null ? '' : ` (database ${sample.databaseCpuUsPerRequest.toFixed(0)})`}`,
  );
const loadBefore = os.loadavg();
/** The commit measured, read before the run writes its first section into docs/benchmarks.md. */
const commitMeasured = gitCommit();
const placement = placeOnSeparateCpus();
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vows-bench-'));
const running = new Set<ServerProcess>();
const postgresServers = new Set<PostgresServer>();
const problems: string[] = [];

async function main(): Promise<number> {
  log(
    `Benchmark${QUICK ? ' (quick smoke run)' : ''}: ${ROUNDS} round(s); per figure ${INITIAL_WARMUP_REQUESTS} warm-up requests (at most ${INITIAL_WARMUP_S} s) after a start, ${WARMUP_S} s before each run of ${SECONDS} s; ${CONNECTIONS} connections`,
  );
  const small = await seedBenchDatabase(path.join(workDir, 'small'), 10);
  log(`Seeded 10 couples in ${small.seconds.toFixed(1)} s`);
  if (DATABASES_ONLY) return compareDatabases(small);
  const large = await seedBenchDatabase(path.join(workDir, 'large'), LARGE_COUPLES);
  log(
    `Seeded ${LARGE_COUPLES.toLocaleString('en-US')} couples in ${large.seconds.toFixed(1)} s: ${JSON.stringify(large.rows)}`,
  );

  const samples = new Map<FigureId, Sample[]>(Object.keys(FIGURES).map((id) => [id as FigureId, []]));
  const record = (round: number, id: FigureId, sample: Sample) => {
    samples.get(id)!.push(sample);
    logSample(round, id.padEnd(10), sample);
  };

  // The framework comparison: one server at a time, started afresh each round, order rotated.
  const servers = benchServers(small);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const server of rotate(servers, round)) {
      const instance = track(await server.start());
      try {
        await server.verify(instance.url);
        await warmUpAll(instance, server.figures);
        for (const figure of rotate(server.figures, round))
          record(round, figure.id, await measureFigure(instance, figure));
      } finally {
        await stop(instance);
      }
    }
  }

  // 10 vs 100,000 couples: both apps up, only one under load at a time, each pair back to back.
  // A server process keeps its own speed for life (the JIT's choices, the memory layout: two starts
  // of the same app differ by up to a tenth), so each round starts a fresh pair: the median of the
  // rounds then compares databases, not two particular processes.
  for (let round = 0; round < ROUNDS; round += 1) {
    const scale = await scaleServers(small, large);
    try {
      await warmUpAll(scale.small, scale.figures(small));
      await warmUpAll(scale.large, scale.figures(large));
      for (const [index, figureOfSmall] of scale.figures(small).entries()) {
        const figureOfLarge = scale.figures(large)[index]!;
        const pair: [ServerProcess, Figure][] = [
          [scale.small, figureOfSmall],
          [scale.large, figureOfLarge],
        ];
        for (const [instance, figure] of round % 2 ? pair.reverse() : pair)
          record(round, figure.id, await measureFigure(instance, figure));
      }
    } finally {
      await Promise.all([stop(scale.small), stop(scale.large)]);
    }
  }

  const upload = await measureUpload(small);
  log(
    `10 MB upload: event-loop p99 ${upload.eventLoopP99Ms.toFixed(1)} ms, RSS growth ${(upload.rssGrowthBytes / 1048576).toFixed(1)} MB`,
  );

  const databasesCode = await compareDatabases(small);

  const rows = summarise(samples);
  const checks = checkTargets(rows, upload);
  const info: RunInfo = {
    ...runConditions(loadBefore),
    logLevel: APP_ENV.LOG_LEVEL,
    seeding: { couples: LARGE_COUPLES, seconds: large.seconds, rows: large.rows },
    quick: QUICK,
  };
  const markdown = renderMarkdown(info, rows, checks, upload);
  console.log(`\n${markdown}\n`);
  if (QUICK) {
    log('Quick run: docs/benchmarks.md and docs/benchmarks.json left as they were.');
  } else {
    writeDocs(markdown, 'api', { info, rows, upload, checks, problems });
    log('Wrote docs/benchmarks.md and docs/benchmarks.json');
  }
  for (const problem of problems) console.error(`Measurement problem: ${problem}`);
  const missed = checks.filter((c) => !c.met);
  for (const check of missed)
    console.error(`Target missed: ${check.figure} = ${check.value.toFixed(2)} (target ${check.target})`);
  log(`Done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return missed.length === 0 && problems.length === 0 && databasesCode === 0 ? 0 : 1;
}

/**
 * SQLite vs PostgreSQL (issue 27, decision 0180): the 10-couple database copied row by row into a
 * throw-away PostgreSQL server (kept to the servers' CPU), and the app on each with the same
 * DATA_DIR contents. Each round starts a fresh pair of apps and measures every figure on both back
 * to back, alternating which goes first, as the 10 vs 100,000 couples comparison does. Writes its
 * own section of docs/benchmarks.md and the `databases` key of docs/benchmarks.json.
 */
async function compareDatabases(sqliteDb: SeededDatabase): Promise<number> {
  const loadBefore = os.loadavg();
  const server = await startPostgresServer({ launcher: placement.serverLauncher });
  postgresServers.add(server);
  try {
    const copyStarted = performance.now();
    const postgresDb = await copyToPostgres(sqliteDb, server.url);
    const copySeconds = (performance.now() - copyStarted) / 1000;
    const postgresVersion = await postgresVersionOf(server.url);
    log(`Copied ${sqliteDb.couples} couples into ${postgresVersion} in ${copySeconds.toFixed(1)} s`);
    const figuresOf = (db: SeededDatabase): Figure<DatabaseFigureId>[] => [
      { id: 'rest', path: restRead(db), headers: { cookie: db.cookie } },
      { id: 'restTcp', path: restRead(db), headers: { cookie: db.cookie } },
      { id: 'trpc', path: TRPC_READ, headers: { cookie: db.cookie } },
      { id: 'dashboard', path: DASHBOARD_BATCH, headers: { cookie: db.cookie } },
    ];
    const samples = new Map<DatabaseFigureId, Record<Engine, Sample[]>>(
      Object.keys(DATABASE_FIGURES).map((id) => [id as DatabaseFigureId, { sqlite: [], postgres: [] }]),
    );
    const cpuOfPostgres = () => processTreeCpuSeconds(server.pid);
    for (let round = 0; round < ROUNDS; round += 1) {
      // The PostgreSQL app connects through the server's Unix socket, as an app on the database's
      // own host does (decision 0197); a third app reads through 127.0.0.1 for the `restTcp` row, as
      // an app on another machine would (minus the network).
      const apps = {
        sqlite: await startApp(sqliteDb),
        postgres: await startApp(postgresDb, [], { DATABASE_URL: server.socketUrl }),
        postgresTcp: await startApp(postgresDb, [], { DATABASE_URL: server.url }),
      };
      const appOf = (engine: Engine, figure: DatabaseFigureId) =>
        engine === 'postgres' && figure === 'restTcp' ? apps.postgresTcp : apps[engine];
      try {
        for (const app of Object.values(apps)) {
          await verifyApp(app.url, sqliteDb);
          await warmUpAll(app, figuresOf(sqliteDb));
        }
        for (const figure of rotate(figuresOf(sqliteDb), round)) {
          const engines: Engine[] = round % 2 ? ['postgres', 'sqlite'] : ['sqlite', 'postgres'];
          for (const engine of engines) {
            const sample = await measureFigure(
              appOf(engine, figure.id),
              figure,
              engine === 'postgres' ? cpuOfPostgres : undefined,
            );
            samples.get(figure.id)![engine].push(sample);
            logSample(round, `${figure.id} on ${engine}`.padEnd(22), sample);
          }
        }
      } finally {
        await Promise.all(Object.values(apps).map(stop));
      }
    }
    const rows = summariseDatabases(samples);
    const info: DatabasesRunInfo = {
      ...runConditions(loadBefore),
      postgres: postgresVersion,
      couples: sqliteDb.couples,
      copySeconds,
      only: DATABASES_ONLY,
      quick: QUICK,
    };
    const markdown = renderDatabasesMarkdown(info, rows);
    console.log(`\n${markdown}\n`);
    if (!QUICK) {
      writeDocs(
        markdown,
        'databases',
        { info, rows, problems },
        {
          start: DATABASES_SECTION_START,
          end: DATABASES_SECTION_END,
          after: SECTION_END,
        },
      );
      log('Wrote the SQLite and PostgreSQL section of docs/benchmarks.md and docs/benchmarks.json');
    }
    if (DATABASES_ONLY) for (const problem of problems) console.error(`Measurement problem: ${problem}`);
    return problems.length === 0 ? 0 : 1;
  } finally {
    postgresServers.delete(server);
    await server.stop();
  }
}

/**
 * The seeded SQLite database copied into the PostgreSQL server's (empty) database, and a DATA_DIR
 * of its own holding the same files minus the SQLite database: the access-code key first made
 * there if no app has started yet, so both apps hash with the same key, as several processes must.
 */
async function copyToPostgres(sqliteDb: SeededDatabase, url: string): Promise<SeededDatabase> {
  await loadAccessCodeKey(sqliteDb.dataDir, undefined, async () => false);
  const dataDir = `${sqliteDb.dataDir}-postgres`;
  fs.cpSync(sqliteDb.dataDir, dataDir, {
    recursive: true,
    filter: (source) => !path.basename(source).startsWith('app.sqlite'),
  });
  const source = openDatabase(path.join(sqliteDb.dataDir, 'app.sqlite'));
  const target = await openPostgres(url, { poolSize: 2 });
  try {
    await copyDatabase(source.db, target.db);
  } finally {
    await Promise.all([source.db.destroy(), target.db.destroy()]);
  }
  return { ...sqliteDb, dataDir };
}

async function postgresVersionOf(url: string): Promise<string> {
  const handle = await openPostgres(url, { poolSize: 1 });
  try {
    const { rows } = await sql<{ server_version: string }>`show server_version`.execute(handle.db);
    return `PostgreSQL ${rows[0]?.server_version.split(' ')[0]}`;
  } finally {
    await handle.db.destroy();
  }
}

/** Both apps answer the right data (REST, tRPC and the whole dashboard batch) before any is measured. */
async function verifyApp(url: string, db: SeededDatabase): Promise<void> {
  await verifyReads(url, db);
  await expectJson(
    url,
    DASHBOARD_BATCH,
    db.cookie,
    (body) =>
      Array.isArray(body) &&
      body.length === DASHBOARD_PROCEDURES &&
      body.every((part) => part?.result?.data !== undefined),
  );
}

interface Figure<Id extends string = FigureId> {
  id: Id;
  path: string;
  headers?: Record<string, string>;
  /** Requests per second offered at a steady pace (open loop) instead of as fast as possible. */
  pacedRate?: number;
}
interface BenchServer {
  name: string;
  start: () => Promise<ServerProcess>;
  /** Checks the answers are right (not only 2xx) before anything is measured. */
  verify: (url: string) => Promise<void>;
  figures: Figure[];
}

/** The dashboard's data batch as the page sends it when it opens (scripts/lib/dashboard-requests.ts). */
const DASHBOARD_DATA = DASHBOARD_OPENING.find((read) => read.name === 'dashboard: data')!;
const DASHBOARD_BATCH = DASHBOARD_DATA.path;
const DASHBOARD_PROCEDURES = DASHBOARD_DATA.procedures.length;
const TRPC_READ = '/api/trpc/progress.progression';
const restRead = (db: SeededDatabase) => `/api/user-progression/${db.coupleId}`;
const EXPECTED_PROGRESSION = {
  totalCompleted: BENCH_COMPLETED_WEEKS,
  progressPercentage: (BENCH_COMPLETED_WEEKS / 52) * 100,
  completedWeeks: Array.from({ length: BENCH_COMPLETED_WEEKS }, (_, i) => i + 1),
  nextWeek: BENCH_COMPLETED_WEEKS + 1,
};

/** The `result.data` of a tRPC answer, or undefined for anything else. */
function trpcData(body: unknown): unknown {
  return (body as { result?: { data?: unknown } } | null)?.result?.data;
}

async function verifyReads(url: string, db: SeededDatabase): Promise<void> {
  await expectJson(url, restRead(db), db.cookie, (body) => isDeepStrictEqual(body, EXPECTED_PROGRESSION));
  await expectJson(url, TRPC_READ, db.cookie, (body) => isDeepStrictEqual(trpcData(body), EXPECTED_PROGRESSION));
}

function benchServers(small: SeededDatabase): BenchServer[] {
  return [
    {
      name: 'Express 5',
      start: () =>
        spawnServer(
          'scripts/bench/express-peer-server.ts',
          { NODE_ENV: 'production', DATA_DIR: small.dataDir },
          { readyPath: '/', launcher: placement.serverLauncher },
        ),
      verify: (url) =>
        expectJson(url, restRead(small), small.cookie, (body) => isDeepStrictEqual(body, EXPECTED_PROGRESSION)),
      figures: [{ id: 'express', path: restRead(small), headers: { cookie: small.cookie } }],
    },
    {
      name: 'our app',
      start: () => startApp(small),
      verify: async (url) => {
        await verifyApp(url, small);
        const html = await fetch(`${url}/`).then((res) => res.text());
        if (!html.includes('<div id="root"')) throw new Error('GET / did not answer the built app');
      },
      figures: [
        { id: 'rest', path: restRead(small), headers: { cookie: small.cookie } },
        { id: 'trpc', path: TRPC_READ, headers: { cookie: small.cookie } },
        { id: 'dashboard', path: DASHBOARD_BATCH, headers: { cookie: small.cookie } },
        { id: 'html', path: '/' },
        { id: 'rest200', path: restRead(small), headers: { cookie: small.cookie }, pacedRate: 200 },
      ],
    },
  ];
}

async function scaleServers(small: SeededDatabase, large: SeededDatabase) {
  const [smallServer, largeServer] = [await startApp(small), await startApp(large)];
  await verifyReads(smallServer.url, small);
  await verifyReads(largeServer.url, large);
  return {
    small: smallServer,
    large: largeServer,
    figures: (db: SeededDatabase): Figure[] => [
      { id: db === small ? 'rest10' : 'rest100k', path: restRead(db), headers: { cookie: db.cookie } },
      { id: db === small ? 'trpc10' : 'trpc100k', path: TRPC_READ, headers: { cookie: db.cookie } },
    ],
  };
}

/**
 * Our app as `npm start` runs it: the compiled server (built by scripts/ensure-build.ts before the
 * bench) with START_NODE_FLAGS (decision 0300), in production mode; tsx only to load a TypeScript
 * preload such as the event-loop probe.
 */
async function startApp(
  db: SeededDatabase,
  preloads: string[] = [],
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  return track(
    await spawnTsServer('dist/server/main.js', {
      env: { ...APP_ENV, DATA_DIR: db.dataDir, ...env },
      nodeFlags: START_NODE_FLAGS,
      loader: preloads.length > 0,
      preloads,
      launcher: placement.serverLauncher,
      readyPath: '/api/auth/check',
      timeoutMs: 60_000,
    }),
  );
}

/** Every server started is stopped at the end, even when the run fails half-way. */
function track(server: ServerProcess): ServerProcess {
  running.add(server);
  return server;
}

async function expectJson(
  url: string,
  requestPath: string,
  cookie: string | undefined,
  check: (body: unknown) => boolean,
): Promise<void> {
  const res = await fetch(`${url}${requestPath}`, { headers: cookie ? { cookie } : {} });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  if (res.status !== 200 || !check(body))
    throw new Error(`${requestPath} answered ${res.status}: ${text.slice(0, 300)}`);
}

function rotate<T>(items: T[], by: number): T[] {
  const shift = by % items.length;
  return [...items.slice(shift), ...items.slice(0, shift)];
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Server CPU seconds (user + system) from /proc; null where there is no /proc. */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/**
 * CPU seconds of a process and all its children, the ended ones included (the postmaster's
 * cutime/cstime count the children it has reaped): PostgreSQL's share of a request.
 */
function processTreeCpuSeconds(pid: number): number | null {
  const fieldsOf = (id: string) => fs.readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1]!.split(' ');
  try {
    const own = fieldsOf(String(pid));
    let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const fields = fieldsOf(entry);
        if (Number(fields[1]) === pid) ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // The process ended meanwhile: its time is in the parent's cutime/cstime now.
      }
    }
    return ticks / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** A fresh process runs its code unoptimised at first: load every figure of it before measuring any. */
async function warmUpAll(server: ServerProcess, figures: Figure<string>[]): Promise<void> {
  for (const figure of figures) {
    await warmUp({
      url: `${server.url}${figure.path}`,
      headers: figure.headers,
      connections: CONNECTIONS,
      seconds: INITIAL_WARMUP_S,
      maxRequests: INITIAL_WARMUP_REQUESTS,
    });
  }
}

/** `otherCpu`: the CPU seconds of a process the server uses (PostgreSQL), counted with the server's. */
async function measureFigure(
  server: ServerProcess,
  figure: Figure<string>,
  otherCpu: () => number | null = () => 0,
): Promise<Sample> {
  const load = { url: `${server.url}${figure.path}`, headers: figure.headers, connections: CONNECTIONS };
  await warmUp({ ...load, seconds: WARMUP_S });
  const cpu = () => {
    const [own, other] = [cpuSeconds(server.child.pid), otherCpu()];
    return own === null || other === null ? null : { all: own + other, other };
  };
  const cpuBefore = cpu();
  const result = figure.pacedRate
    ? await measurePaced({ ...load, ratePerSecond: figure.pacedRate, seconds: SECONDS })
    : await measure({ ...load, seconds: SECONDS });
  const cpuAfter = cpu();
  noteFailures(figure.id, result);
  const perRequest = (seconds: number) => (seconds * 1e6) / result.requests;
  const measured = cpuBefore !== null && cpuAfter !== null && result.requests > 0;
  return {
    rps: result.rps,
    p50: result.p50,
    p99: result.p99,
    cpuUsPerRequest: measured ? perRequest(cpuAfter.all - cpuBefore.all) : null,
    ...(measured && cpuAfter.other > 0
      ? { databaseCpuUsPerRequest: perRequest(cpuAfter.other - cpuBefore.other) }
      : {}),
  };
}

function noteFailures(what: string, result: Measurement): void {
  if (result.failures > 0)
    problems.push(
      `${what}: ${result.failures} of ${result.requests + result.failures} requests failed or were not 2xx`,
    );
}

/**
 * 10 MB uploads while a preload inside the server records event-loop delay and samples RSS: one
 * upload to warm up, then each measured one in its own probe window (RSS at its start vs the peak
 * during it). Reports the worst window.
 */
async function measureUpload(db: SeededDatabase): Promise<UploadResult> {
  const server = await startApp(db, ['scripts/bench/event-loop-probe.ts']);
  try {
    // A real PDF (uploads are read before they are stored, decision 0121), padded after its end to
    // exactly 10 MB, as PDF readers allow.
    const pdf = await PDFDocument.create();
    pdf.addPage([595, 842]);
    const real = Buffer.from(await pdf.save());
    const file = Buffer.concat([real, Buffer.alloc(MAX_PDF_BYTES - real.length, 0x0a)]);
    let worst: UploadResult = {
      fileBytes: file.length,
      eventLoopP99Ms: 0,
      eventLoopMaxMs: 0,
      rssGrowthBytes: 0,
      uploadMs: 0,
    };
    for (let attempt = 0; attempt <= UPLOADS; attempt += 1) {
      const body = uploadForm(
        { weekNumber: '1', title: `Bench upload ${attempt}`, description: 'A 10 MB file' },
        { name: 'bench.pdf', bytes: file },
      );
      const before = await probe(server);
      const uploadStarted = performance.now();
      const res = await fetch(`${server.url}/api/upload-framework`, {
        method: 'POST',
        headers: { cookie: db.adminCookie, origin: server.url },
        body,
      });
      const uploadMs = performance.now() - uploadStarted;
      const answer = await res.text();
      const during = await probe(server);
      if (res.status !== 200 && res.status !== 201) throw new Error(`The upload answered ${res.status}: ${answer}`);
      if (attempt === 0) continue;
      worst = {
        fileBytes: file.length,
        eventLoopP99Ms: Math.max(worst.eventLoopP99Ms, during.eventLoopP99Ms),
        eventLoopMaxMs: Math.max(worst.eventLoopMaxMs, during.eventLoopMaxMs),
        rssGrowthBytes: Math.max(worst.rssGrowthBytes, during.peakRssBytes - before.rssBytes),
        uploadMs: Math.max(worst.uploadMs, uploadMs),
      };
    }
    return worst;
  } finally {
    await stop(server);
  }
}

interface ProbeReport {
  eventLoopP99Ms: number;
  eventLoopMaxMs: number;
  rssBytes: number;
  peakRssBytes: number;
}

/** Asks the preload for its report (SIGUSR2) and waits for the line it prints. */
async function probe(server: ServerProcess): Promise<ProbeReport> {
  const seen = server.output().split(PROBE_PREFIX).length;
  server.child.kill('SIGUSR2');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const parts = server.output().split(PROBE_PREFIX);
    if (parts.length > seen) return JSON.parse(parts[seen]!.split('\n')[0]!) as ProbeReport;
    if (Date.now() > deadline) throw new Error(`The event-loop probe did not answer:\n${server.output().slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** SIGTERM, and SIGKILL if the server has not exited 10 s later. */
async function stop(server: ServerProcess): Promise<void> {
  const kill = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  await server.stop('SIGTERM');
  clearTimeout(kill);
  running.delete(server);
}

function runConditions(loadAtStart: number[]): RunConditions {
  return {
    date: new Date().toISOString(),
    commit: commitMeasured,
    node: process.version,
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
    cores: os.cpus().length,
    placement: placement.description,
    loadBefore: loadAtStart,
    loadAfter: os.loadavg(),
    rounds: ROUNDS,
    warmupRequests: INITIAL_WARMUP_REQUESTS,
    warmupCapSeconds: INITIAL_WARMUP_S,
    warmupBeforeEachSeconds: WARMUP_S,
    seconds: SECONDS,
    connections: CONNECTIONS,
  };
}

function gitCommit(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
    return dirty ? `${commit} + uncommitted changes` : commit;
  } catch {
    return 'unknown';
  }
}

function writeDocs(
  markdown: string,
  key: string,
  json: Record<string, unknown>,
  markers?: Parameters<typeof mergeSection>[2],
): void {
  const mdFile = path.join(root, 'docs/benchmarks.md');
  const existing = fs.existsSync(mdFile) ? fs.readFileSync(mdFile, 'utf8') : undefined;
  fs.writeFileSync(mdFile, mergeSection(existing, markdown, markers));
  // The JSON keeps other keys (e.g. the front end's results) and replaces its own.
  const jsonFile = path.join(root, 'docs/benchmarks.json');
  const previous = fs.existsSync(jsonFile)
    ? (JSON.parse(fs.readFileSync(jsonFile, 'utf8')) as Record<string, unknown>)
    : {};
  fs.writeFileSync(jsonFile, `${JSON.stringify({ ...previous, [key]: json }, null, 2)}\n`);
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  for (const server of running) console.error(server.output().slice(-2000));
} finally {
  await Promise.all([...running].map((server) => server.stop('SIGKILL')));
  await Promise.all([...postgresServers].map((server) => server.stop()));
  fs.rmSync(workDir, { recursive: true, force: true });
}
process.exit(exitCode);
