import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { seedBenchDatabase } from './bench/seed';
import { freePort, spawnTsServer } from './lib/server-process';

/**
 * `npm run bench:instructions [-- --warm 20000 --count 3000]`: CPU instructions per request on the
 * server's main thread, counted by valgrind's callgrind, for the bare Fastify route and our REST
 * and tRPC reads (decision 0087). Unlike time, an instruction count hardly moves with whatever
 * else the machine is doing (runs usually repeat within about 2%; a garbage collection that falls
 * in the counted window adds more, so repeat a figure that surprises), so it tells whether a change
 * to the hot path helped when the timings of `npm run bench` are too noisy to say. It does not see
 * the kernel's share (sockets, SQLite's locks) nor stalls: `npm run bench` stays the measure of
 * speed. Each server runs uninstrumented under valgrind for the warm-up (the JIT settles), then
 * instrumentation is switched on for the counted requests. Needs valgrind (Debian: valgrind).
 */
const { values } = parseArgs({
  options: { warm: { type: 'string', default: '20000' }, count: { type: 'string', default: '3000' } },
});
const WARM = Number(values.warm);
const COUNT = Number(values.count);
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vows-instructions-'));

interface Target {
  name: string;
  entry: string;
  path: (coupleId: number) => string;
}
const TARGETS: Target[] = [
  { name: 'Bare Fastify, tiny JSON route', entry: 'scripts/bench/bare-fastify-server.ts', path: () => '/hello' },
  {
    name: 'REST read: GET /api/user-progression/{id}',
    entry: 'src/server/main.ts',
    path: (id) => `/api/user-progression/${id}`,
  },
  {
    name: 'tRPC read: progress.progression',
    entry: 'src/server/main.ts',
    path: () => '/api/trpc/progress.progression',
  },
];

// callgrind_control finds the process through a file named after USER and HOST; spawnTsServer gives
// the server HOST=127.0.0.1, so callgrind_control gets the same.
const valgrindEnv = { ...process.env, HOST: '127.0.0.1' };

async function load(url: string, cookie: string, amount: number): Promise<{ ok: number; failed: number }> {
  const result = await autocannon({
    url,
    headers: { cookie },
    connections: 10,
    maxOverallRequests: amount,
    duration: 3_600,
    timeout: 60,
  });
  return { ok: result['2xx'], failed: result.non2xx + result.errors + result.timeouts };
}

async function countInstructions(target: Target, dataDir: string, coupleId: number, cookie: string): Promise<number> {
  const port = await freePort();
  const outFile = path.join(workDir, `callgrind-${port}.out`);
  const server = await spawnTsServer(target.entry, {
    port,
    launcher: [
      'valgrind',
      '--tool=callgrind',
      '--smc-check=all-non-file',
      '--instr-atstart=no',
      '--separate-threads=yes',
      `--callgrind-out-file=${outFile}`,
    ],
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DEMO_MODE: 'false',
      ADMIN_PASSWORD: 'bench-admin-password',
      DATA_DIR: dataDir,
    },
    readyPath: target.path(coupleId),
    timeoutMs: 120_000,
  });
  const url = `${server.url}${target.path(coupleId)}`;
  let answered = 0;
  try {
    const warm = await load(url, cookie, WARM);
    execFileSync('callgrind_control', ['--instr=on', String(server.child.pid)], { env: valgrindEnv, stdio: 'ignore' });
    const counted = await load(url, cookie, COUNT);
    execFileSync('callgrind_control', ['--dump', String(server.child.pid)], { env: valgrindEnv, stdio: 'ignore' });
    if (warm.failed + counted.failed > 0)
      throw new Error(`${target.name}: ${warm.failed + counted.failed} requests failed`);
    answered = counted.ok;
  } finally {
    await server.stop('SIGKILL');
  }
  // The dump of the main thread (thread 1): background compilation and concurrent GC marking run
  // on other threads and would add noise, not request work.
  const mainThread = fs
    .readdirSync(workDir)
    .find((file) => file.startsWith(`callgrind-${port}.out.`) && file.endsWith('-01'));
  const summary = mainThread && /^summary: (\d+)/m.exec(fs.readFileSync(path.join(workDir, mainThread), 'utf8'));
  if (!summary) throw new Error(`${target.name}: no callgrind dump of the main thread`);
  return Number(summary[1]) / answered;
}

try {
  execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
} catch {
  console.error('valgrind is not installed (Debian: apt-get install valgrind).');
  process.exit(1);
}
try {
  const db = await seedBenchDatabase(path.join(workDir, 'small'), 10);
  console.log(
    `Instructions per request on the server's main thread (callgrind; ${WARM} warm-up requests, ${COUNT} counted):\n`,
  );
  console.log('| Figure | Instructions per request |');
  console.log('|---|---:|');
  for (const target of TARGETS) {
    const perRequest = await countInstructions(target, db.dataDir, db.coupleId, db.cookie);
    console.log(`| ${target.name} | ${Math.round(perRequest).toLocaleString('en-US')} |`);
  }
} finally {
  fs.rmSync(workDir, { recursive: true, force: true });
}
