import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Partner } from '../src/shared/constants';
import { openConfiguredDatabase } from '../src/server/db/open-configured-database';
import { makeSamplePdf } from '../src/server/features/demo/seed';
import { toResponse } from '../src/server/features/workbook/answers';
import { readWeekContent } from '../src/server/features/workbook/course-content';
import { findResponse } from '../src/server/features/workbook/repo';
import { DASHBOARD_OPENING, weekReads } from './lib/dashboard-requests';
import { Client, percentile, uploadForm } from './lib/http-client';
import { startPostgresServer } from './lib/postgres-server';
import { startServer } from './lib/server-process';

/**
 * `npm run loadtest [-- --couples 20 --duration 20 --database sqlite|postgres --think-ms 0 --warm-up 5]`: many couples on loopback for a bounded time
 * (sign in, open the dashboard, save workbook answers, rate, note and complete weeks, download PDFs)
 * while an admin uploads and replaces PDFs. Two clients per couple write at the same time, as two
 * partners would. Afterwards every acknowledged write is checked in the database, exactly as sent.
 * Exits 1 on any 5xx, any failed request that should have worked, or any lost or altered write.
 * The command measures the compiled server in production mode, as `npm start` runs it (decision
 * 0299), after a warm-up of the same traffic whose latencies are not counted (decision 0301); the
 * short run in npm test (scripts/loadtest.test.ts, through `runLoadTest`) starts the sources as the
 * process tests compile them for their run, in test mode.
 */
const ADMIN_PASSWORD = 'loadtest-admin-password';

/** What the server acknowledged, per key: the last write each key's single writer got a 2xx for. */
export interface Acknowledged {
  /** `couple/week/partner` → the answers as sent (lists, as the REST API takes and shows them). */
  workbook: Map<string, unknown>;
  /** `couple/week` → notes and rating. */
  notes: Map<string, { notes: string; rating: number | null }>;
  /** `couple/week` of every week a partner completed. */
  completed: Set<string>;
  /** couple id → names. */
  profile: Map<number, { userDisplayName: string; partnerName: string }>;
  /** week → title of the last acknowledged upload. */
  frameworks: Map<number, string>;
}

export interface OperationStats {
  name: string;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  /** Status → count, in the order first seen. */
  statuses: Map<number, number>;
}

export interface LoadTestResult {
  /** Measured traffic time (from the end of the warm-up to the last answer), in seconds. */
  elapsedS: number;
  /** Requests sent during the warm-up (their statuses are checked, their latencies not in `operations`). */
  warmUpRequests: number;
  /** The p99 latency of the warm-up's requests, all operations together (ms; 0 without a warm-up). */
  warmUpP99Ms: number;
  operations: OperationStats[];
  requests: number;
  serverErrors: number;
  /** The first 20 answers whose status the client did not expect, as `operation: status`. */
  unexpected: string[];
  /** Acknowledged write keys checked in the database afterwards. */
  acknowledgedWrites: number;
  acked: Acknowledged;
  /** Acknowledged writes not found in the database as sent. */
  lost: string[];
  /** SQLite's `integrity_check` of the file afterwards: `ok` when sound. */
  integrity: string;
  /** The server's exit code after SIGTERM (or the signal's name). */
  serverExit: number | string;
  /** The server's peak resident memory during the run (bytes). */
  peakRssBytes: number;
  /** The run's DATA_DIR when `keepDataDir` was set (the caller removes it), otherwise removed. */
  dataDir?: string;
  /** A 5xx, an unexpected status, a lost write, a damaged file, a bad exit, or nothing checked. */
  failed: boolean;
}

/**
 * The checker: every acknowledged write against the database (the SQLite file of `dataDir`, or
 * `databaseUrl`) and PDF folder of `dataDir` (the server stopped), exactly as sent, through Kysely
 * so both databases are checked alike. Returns the writes not found as sent, and SQLite's
 * integrity_check (`ok` on PostgreSQL, which has none).
 */
export async function checkAcknowledgedWrites(
  dataDir: string,
  acked: Acknowledged,
  databaseUrl?: string,
): Promise<{ lost: string[]; integrity: string }> {
  // Workbook answers are stored by the ids of the week's questions and cards (decision 0126): they
  // are read back as the REST API shows them, lists in the week's order, through the app's own read
  // and translation.
  const lost: string[] = [];
  const app = await openConfiguredDatabase({ databaseUrl, databaseFile: path.join(dataDir, 'app.sqlite') });
  const { db } = app;
  try {
    for (const [key, sent] of acked.workbook) {
      const [couple, week, partner] = key.split('/');
      const stored = await findResponse(db, Number(couple), Number(week), partner as Partner);
      const { content } = await readWeekContent(db, Number(week));
      if (JSON.stringify(stored && toResponse(stored, content)) !== JSON.stringify(sent)) lost.push(`workbook ${key}`);
    }
    const progressRow = (couple: string | undefined, week: string | undefined) =>
      db
        .selectFrom('progress')
        .select(['notes', 'rating', 'completed_at'])
        .where('couple_id', '=', Number(couple))
        .where('week_number', '=', Number(week))
        .executeTakeFirst();
    for (const [key, sent] of acked.notes) {
      const row = await progressRow(...(key.split('/') as [string, string]));
      if (!row || row.notes !== sent.notes || row.rating !== sent.rating) lost.push(`progress ${key}`);
    }
    for (const key of acked.completed) {
      const row = await progressRow(...(key.split('/') as [string, string]));
      if (!row?.completed_at) lost.push(`completion ${key}`);
    }
    for (const [couple, sent] of acked.profile) {
      const row = await db
        .selectFrom('couples')
        .select(['display_name', 'partner_name'])
        .where('id', '=', couple)
        .executeTakeFirst();
      if (row?.display_name !== sent.userDisplayName || row?.partner_name !== sent.partnerName)
        lost.push(`profile ${couple}`);
    }
    for (const [week, title] of acked.frameworks) {
      const row = await db
        .selectFrom('frameworks')
        .select(['title', 'file_name', 'file_size'])
        .where('week_number', '=', week)
        .executeTakeFirst();
      const file = row ? path.join(dataDir, 'pdfs', row.file_name) : undefined;
      if (!row || !file || row.title !== title || !fs.existsSync(file) || fs.statSync(file).size !== row.file_size) {
        lost.push(`framework week ${week}`);
      }
    }
    const integrity = app.sqlite ? String(app.sqlite.pragma('integrity_check', { simple: true })) : 'ok';
    return { lost, integrity };
  } finally {
    await db.destroy();
  }
}

export function countAcknowledged(acked: Acknowledged): number {
  return acked.workbook.size + acked.notes.size + acked.completed.size + acked.profile.size + acked.frameworks.size;
}

/**
 * Runs the load: `couples` couples (two clients each) and an admin for `durationMs` after every
 * couple has signed up, against a server of its own on a fresh DATA_DIR (SQLite), then stops the
 * server and checks every acknowledged write.
 */
export async function runLoadTest(options: {
  couples: number;
  durationMs: number;
  log?: (line: string) => void;
  /** Keep the DATA_DIR for the caller (returned as `dataDir`) instead of removing it. */
  keepDataDir?: boolean;
  /** `postgres`: the server on a throw-away PostgreSQL (DATABASE_URL) instead of the SQLite file. */
  database?: 'sqlite' | 'postgres';
  /**
   * A couple's think time before each request, on average (ms; uniform 0 to twice this): 0 sends
   * each request as soon as the last one answered (the server saturated); with a think time the
   * load is an offered rate, and the latencies are what a couple waits for.
   */
  thinkMs?: number;
  /** The compiled server (dist/server/main.js, built beforehand) in production mode, instead of the sources. */
  compiled?: boolean;
  /** Another compiled build of the sources, in test mode (startServer's `entry`). */
  entry?: string;
  /**
   * Traffic before the measured time, as after a deploy (ms; default 0): the JIT compiles the hot
   * paths in its first seconds, while every couple opens the dashboard at once. Checked like the
   * rest; its latencies are left out of the table.
   */
  warmUpMs?: number;
}): Promise<LoadTestResult> {
  const log = options.log ?? (() => {});
  const thinkMs = options.thinkMs ?? 0;
  const pause = async () => {
    if (thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * thinkMs));
  };
  const stats = new Map<string, { ms: number[]; statuses: Map<number, number> }>();
  const unexpected: string[] = [];
  /** Until when (epoch ms) a request that starts is part of the warm-up; set when traffic starts. */
  let warmUpUntil = 0;
  /** The latencies of the warm-up's requests (ms). */
  const warmUpLatencies: number[] = [];
  let warmUpServerErrors = 0;

  function record(name: string, result: { status: number; ms: number }, expected: number[]) {
    if (!expected.includes(result.status) && unexpected.length < 20) unexpected.push(`${name}: ${result.status}`);
    if (Date.now() - result.ms < warmUpUntil) {
      warmUpLatencies.push(result.ms);
      if (result.status >= 500) warmUpServerErrors += 1;
      return;
    }
    const stat = stats.get(name) ?? { ms: [], statuses: new Map<number, number>() };
    stats.set(name, stat);
    stat.ms.push(result.ms);
    stat.statuses.set(result.status, (stat.statuses.get(result.status) ?? 0) + 1);
  }

  const acked: Acknowledged = {
    workbook: new Map(),
    notes: new Map(),
    completed: new Set(),
    profile: new Map(),
    frameworks: new Map(),
  };

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vows-load-'));
  const postgres = options.database === 'postgres' ? await startPostgresServer() : undefined;
  let keep = false;
  try {
    const server = await startServer(
      { DATA_DIR: dataDir, DEMO_MODE: 'true', ADMIN_PASSWORD, ...(postgres && { DATABASE_URL: postgres.url }) },
      { compiled: options.compiled, entry: options.entry },
    );
    /** Set once every couple has signed up and the admin signed in, so the measured time is all traffic. */
    let deadline = 0;
    let elapsedS: number;
    let serverExit: number | string;
    let peakRssBytes = 0;
    try {
      log(
        `Load test: ${options.couples} couples (2 clients each) and an admin for ${options.durationMs / 1000} s on ${server.url} (${postgres ? 'PostgreSQL' : 'SQLite'}, ${options.compiled ? 'the compiled server' : options.entry ? `the sources compiled to ${options.entry}` : 'the sources'})`,
      );

      const signUp = async (index: number): Promise<{ client: Client; second: Client; coupleId: number }> => {
        const client = new Client(server.url);
        const username = `load_${index}_${Date.now().toString(36)}`;
        const res = await client.post('/api/auth/register', {
          username,
          password: 'load-password',
          confirmPassword: 'load-password',
        });
        record('register', res, [201]);
        const session = await client.get('/api/session');
        record('session', session, [200]);
        // Onboarded, as a couple is after the welcome dialog: the dashboard is then the usual page.
        const coupleId: number = session.json.customerId;
        const profile = { userDisplayName: 'Ana', partnerName: 'Bo', weddingDate: null };
        const onboarded = await client.put(`/api/profile/${coupleId}`, profile);
        record('profile save', onboarded, [200]);
        if (onboarded.status === 200) acked.profile.set(coupleId, profile);
        const second = new Client(server.url);
        const login = await second.post('/api/auth/user-login', { username, password: 'load-password' });
        record('user-login', login, [200]);
        return { client, second, coupleId };
      };

      /**
       * A partner opens the week to work on, as the browser does: the page and its reads, one after
       * another with no think time between them (scripts/lib/dashboard-requests.ts). Answers the
       * week: the next one, or the last open one when the trial stops there.
       */
      const openWeek = async (client: Client): Promise<number> => {
        await pause();
        const answers = new Map<string, unknown>();
        for (const request of DASHBOARD_OPENING) {
          const res = await client.request('GET', request.path, undefined, {
            headers: { 'accept-encoding': 'br, gzip' },
          });
          record(request.name, res, [200]);
          for (const [index, procedure] of request.procedures.entries())
            answers.set(procedure, res.json?.[index]?.result?.data);
        }
        const nextWeek = (answers.get('progress.progression') as { nextWeek?: number } | undefined)?.nextWeek ?? 52;
        const weeks = (answers.get('frameworks.withAccess') ?? []) as { weekNumber: number; isUnlocked: boolean }[];
        const open = weeks.filter((w) => w.isUnlocked && w.weekNumber <= nextWeek).map((w) => w.weekNumber);
        const week = open.length > 0 ? Math.max(...open) : 1;
        for (const request of weekReads(week)) record(request.name, await client.get(request.path), [200]);
        return week;
      };

      const partnerOne = async (client: Client, coupleId: number) => {
        let round = 0;
        while (Date.now() < deadline) {
          round += 1;
          const week = await openWeek(client);
          const answers = {
            reflectionAnswers: [`p1 c${coupleId} w${week} r${round}`, 'second thought'],
            discussionNotes: `notes ${round}`,
            activityResponse: '',
            weeklyCommitment: `commit ${round}`,
            conversationCards: ['card'],
          };
          await pause();
          const saved = await client.post(`/api/workbook-responses/${coupleId}/${week}/partner1`, answers);
          record('workbook save', saved, [200]);
          if (saved.status === 200) acked.workbook.set(`${coupleId}/${week}/partner1`, answers);
          const note = { notes: `week ${week} round ${round}`, rating: (round % 5) + 1 };
          await pause();
          const rated = await client.post(`/api/progress/${coupleId}/${week}`, note);
          record('progress notes+rating', rated, [200]);
          if (rated.status === 200) acked.notes.set(`${coupleId}/${week}`, note);
          if (week <= 3)
            record(
              'download framework',
              await pause().then(() => client.get(`/api/download-framework/${week}`)),
              [200],
            );
          // One round in three, from the first: a short run (npm test's) completes a week however slow the machine.
          if (round % 3 === 1) {
            await pause();
            const done = await client.post(`/api/progress/${coupleId}/${week}/complete`);
            record('complete week', done, [200]);
            if (done.status === 200) acked.completed.add(`${coupleId}/${week}`);
          }
        }
      };

      const partnerTwo = async (client: Client, coupleId: number) => {
        let round = 0;
        while (Date.now() < deadline) {
          round += 1;
          const week = await openWeek(client);
          const answers = {
            reflectionAnswers: [`p2 c${coupleId} w${week} r${round}`],
            discussionNotes: '',
            activityResponse: `activity ${round}`,
            weeklyCommitment: '',
            conversationCards: [],
          };
          await pause();
          const saved = await client.post(`/api/workbook-responses/${coupleId}/${week}/partner2`, answers);
          record('workbook save', saved, [200]);
          if (saved.status === 200) acked.workbook.set(`${coupleId}/${week}/partner2`, answers);
          const profile = { userDisplayName: `Ana ${round}`, partnerName: `Bo ${round}`, weddingDate: null };
          await pause();
          const put = await client.put(`/api/profile/${coupleId}`, profile);
          record('profile save', put, [200]);
          if (put.status === 200) acked.profile.set(coupleId, profile);
          // Completing the week partner one is writing notes for: both land on the same progress row.
          if (round % 4 === 0) {
            await pause();
            const done = await client.post(`/api/progress/${coupleId}/${week}/complete`);
            record('complete week', done, [200]);
            if (done.status === 200) acked.completed.add(`${coupleId}/${week}`);
          }
        }
      };

      const adminSignIn = async (): Promise<Client> => {
        const client = new Client(server.url);
        record(
          'admin login',
          await client.post('/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD }),
          [200],
        );
        return client;
      };

      const admin = async (client: Client) => {
        let round = 0;
        while (Date.now() < deadline) {
          round += 1;
          const week = (round % 3) + 1;
          const title = `Load week ${week} v${round}`;
          const pdf = await makeSamplePdf(title, 'x'.repeat(200 + round));
          const res = await client.request('POST', '/api/upload-framework', undefined, {
            body: uploadForm(
              { weekNumber: String(week), title, description: 'load' },
              { name: `w${week}.pdf`, bytes: pdf },
            ),
          });
          record('admin upload/replace', res, [200, 201]);
          if (res.status === 200 || res.status === 201) acked.frameworks.set(week, title);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };

      // The admin signs in with the couples (a password hash too), before the measured time.
      const [adminClient, couples] = await Promise.all([
        adminSignIn(),
        Promise.all(Array.from({ length: options.couples }, (_, i) => signUp(i))),
      ]);
      warmUpUntil = Date.now() + (options.warmUpMs ?? 0);
      deadline = warmUpUntil + options.durationMs;
      await Promise.all([
        admin(adminClient),
        ...couples.flatMap(({ client, coupleId, second }) => [
          partnerOne(client, coupleId),
          partnerTwo(second, coupleId),
        ]),
      ]);
      elapsedS = (Date.now() - warmUpUntil) / 1000;
      peakRssBytes = peakRssOf(server.child.pid!);
    } finally {
      serverExit = await server.stop('SIGTERM');
    }

    const { lost, integrity } = await checkAcknowledgedWrites(dataDir, acked, postgres?.url);
    const operations: OperationStats[] = [...stats].map(([name, stat]) => {
      const sorted = [...stat.ms].sort((a, b) => a - b);
      return {
        name,
        requests: sorted.length,
        p50Ms: percentile(sorted, 50),
        p99Ms: percentile(sorted, 99),
        statuses: stat.statuses,
      };
    });
    let serverErrors = warmUpServerErrors;
    for (const operation of operations)
      for (const [status, count] of operation.statuses) if (status >= 500) serverErrors += count;
    const acknowledgedWrites = countAcknowledged(acked);
    keep = options.keepDataDir === true;
    return {
      elapsedS,
      warmUpRequests: warmUpLatencies.length,
      warmUpP99Ms: percentile(
        warmUpLatencies.sort((a, b) => a - b),
        99,
      ),
      operations,
      requests: operations.reduce((sum, operation) => sum + operation.requests, 0),
      serverErrors,
      unexpected,
      acknowledgedWrites,
      acked,
      lost,
      integrity,
      serverExit,
      peakRssBytes,
      dataDir: keep ? dataDir : undefined,
      // A run that checked nothing proves nothing.
      failed:
        acknowledgedWrites === 0 ||
        serverErrors > 0 ||
        unexpected.length > 0 ||
        lost.length > 0 ||
        integrity !== 'ok' ||
        serverExit !== 0,
    };
  } finally {
    await postgres?.stop();
    if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The process's peak resident set (Linux's VmHWM), in bytes; 0 where /proc does not say. */
function peakRssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
  return kilobytes ? Number(kilobytes) * 1024 : 0;
}

/** The printed report of `npm run loadtest`: the table of operations and the verdict. */
export function formatReport(result: LoadTestResult): string[] {
  const { elapsedS } = result;
  const lines = ['', '| Operation | Requests | Req/s | p50 ms | p99 ms | Statuses |\n|---|---:|---:|---:|---:|---|'];
  for (const operation of result.operations) {
    const statuses = [...operation.statuses].map(([s, c]) => `${s}×${c}`).join(' ');
    lines.push(
      `| ${operation.name} | ${operation.requests} | ${(operation.requests / elapsedS).toFixed(1)} | ${operation.p50Ms.toFixed(1)} | ${operation.p99Ms.toFixed(1)} | ${statuses} |`,
    );
  }
  lines.push(
    `\n${result.requests} requests in ${elapsedS.toFixed(1)} s${result.warmUpRequests ? ` after ${result.warmUpRequests} in the warm-up (p99 ${result.warmUpP99Ms.toFixed(0)} ms)` : ''} (${(result.requests / elapsedS).toFixed(0)} req/s); 5xx: ${result.serverErrors}; unexpected statuses: ${result.unexpected.length}; acknowledged write keys checked: ${result.acknowledgedWrites}; lost or altered: ${result.lost.length}; integrity_check: ${result.integrity}; server exit: ${result.serverExit}; server peak RSS: ${(result.peakRssBytes / 1048576).toFixed(0)} MB`,
  );
  if (result.unexpected.length) lines.push(`Unexpected: ${result.unexpected.join(', ')}`);
  if (result.lost.length) lines.push(`Lost or altered: ${result.lost.slice(0, 20).join(', ')}`);
  lines.push(result.failed ? 'LOAD TEST FAILED' : 'Load test passed: 0 5xx, 0 lost or altered writes.');
  return lines;
}

/**
 * The command line's options as runLoadTest takes them; a value that is not a number in range (a
 * typo such as `--couples 1OO`) stops the run with the option's name, rather than running a load
 * that checks nothing.
 */
export function loadTestOptions(values: Record<string, string>) {
  const read = (name: string, min: number, integer = false) => {
    const value = Number(values[name]);
    if (
      values[name]?.trim() === '' ||
      !Number.isFinite(value) ||
      value < min ||
      (integer && !Number.isInteger(value))
    ) {
      throw new Error(
        `--${name} must be ${integer ? 'a whole number' : 'a number'} of at least ${min} (got "${values[name]}")`,
      );
    }
    return value;
  };
  if (values.database !== 'sqlite' && values.database !== 'postgres') {
    throw new Error(`--database is sqlite or postgres (got "${values.database}")`);
  }
  return {
    couples: read('couples', 1, true),
    durationMs: read('duration', 1) * 1000,
    database: values.database,
    thinkMs: read('think-ms', 0),
    warmUpMs: read('warm-up', 0) * 1000,
  } as const;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      couples: { type: 'string', default: '20' },
      duration: { type: 'string', default: '20' },
      database: { type: 'string', default: 'sqlite' },
      'think-ms': { type: 'string', default: '0' },
      'warm-up': { type: 'string', default: '5' },
    },
  });
  let options: ReturnType<typeof loadTestOptions>;
  try {
    options = loadTestOptions(values);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const result = await runLoadTest({ ...options, compiled: true, log: (line) => console.log(line) });
  for (const line of formatReport(result)) console.log(line);
  process.exit(result.failed ? 1 : 0);
}
