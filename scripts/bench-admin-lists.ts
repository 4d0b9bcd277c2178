import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { ListCouplesInput, ListOrdersInput } from '../src/shared/admin-schemas';
import { openDatabase } from '../src/server/db/client';
import { migrateToLatest } from '../src/server/db/migrate';
import type { AppDeps } from '../src/server/deps/app-deps';
import { listCouples } from '../src/server/features/couples/service';
import { listOrders } from '../src/server/features/orders/admin-service';

/**
 * `npm run bench:admin`: the back office's lists with 100,000 couples and 100,000 orders
 * (docs/benchmarks.md). Seeds a temporary database straight through SQLite (the
 * app's migrations first, so the indexes and activity triggers are the real ones), then times each
 * list's service call, the server time of one tRPC request minus the transport: ROUNDS calls per
 * case after a warm-up, p50 and p95 in milliseconds. The target is under 50 ms each.
 * `BENCH_ADMIN_ROWS` sets another size.
 */
const ROWS = Number(process.env.BENCH_ADMIN_ROWS ?? 100_000);
const ROUNDS = 40;
const TARGET_MS = 50;

const FIRST = ['Noor', 'Ana', 'Robin', 'Casey', 'Sam', 'Alex', 'Maya', 'Jonas', 'Lea', 'Omar', 'Iris', 'Tom'];
const LAST = ['Haddad', 'Lima', 'Silva', 'Nguyen', 'Müller', 'Okafor', 'Rossi', 'Kowalski', 'Tanaka', 'Berg'];
const DAY = 24 * 60 * 60 * 1000;

function seed(file: string): void {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  const now = Date.now();
  const insertCouple = sqlite.prepare(
    'insert into couples (display_name, partner_name, wedding_date, access_level, created_at) values (?, ?, null, ?, ?)',
  );
  const insertAccount = sqlite.prepare(
    "insert into accounts (role, couple_id, username, email, created_at) values ('couple', ?, ?, ?, ?)",
  );
  const insertSession = sqlite.prepare(
    'insert into sessions (token_hash, account_id, expires_at, created_at) values (?, ?, ?, ?)',
  );
  const insertProgress = sqlite.prepare(
    'insert into progress (couple_id, week_number, rating, completed_at, updated_at) values (?, ?, ?, ?, ?)',
  );
  const insertOrder = sqlite.prepare(
    'insert into orders (id, couple_id, amount, first_name, last_name, email, status, created_at) values (?, ?, 4900, ?, ?, ?, ?, ?)',
  );
  sqlite.transaction(() => {
    for (let i = 0; i < ROWS; i += 1) {
      // Two years of sign-ups, oldest first; every tenth couple registered with a username.
      const created = new Date(now - 730 * DAY + (i / ROWS) * 730 * DAY).toISOString();
      const first = FIRST[i % FIRST.length]!;
      const partner = FIRST[(i * 7 + 3) % FIRST.length]!;
      const coupleId = Number(
        insertCouple.run(`${first} ${i}`, partner, i % 3 === 0 ? 'trial' : 'full', created).lastInsertRowid,
      );
      const email = `couple${i}@example.com`;
      const accountId = Number(
        insertAccount.run(coupleId, i % 10 === 0 ? `user_${i}` : null, i % 10 === 0 ? null : email, created)
          .lastInsertRowid,
      );
      // A sign-in spread over the last 90 days (the trigger sets last_active_at), and some progress.
      const signedIn = new Date(now - ((i * 37) % 90) * DAY).toISOString();
      insertSession.run(`bench-${i}`, accountId, now + 30 * DAY, signedIn);
      for (let week = 1; week <= i % 4; week += 1)
        insertProgress.run(coupleId, week, (week % 5) + 1, signedIn, signedIn);
      const status = i % 20 === 0 ? 'refunded' : i % 7 === 0 ? 'pending' : 'completed';
      const last = LAST[i % LAST.length]!;
      insertOrder.run(`pi_bench${String(i).padStart(16, '0')}`, coupleId, first, last, email, status, created);
    }
  })();
  sqlite.exec('analyze');
  sqlite.close();
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function time(run: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 3; i += 1) await run();
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-admin-'));
try {
  const file = path.join(dir, 'app.sqlite');
  const handle = openDatabase(file);
  await migrateToLatest(handle.db);
  await handle.db.destroy();
  const seedStarted = performance.now();
  seed(file);
  console.log(
    `Seeded ${ROWS} couples and ${ROWS} orders in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  const { db } = openDatabase(file);
  const deps = { db } as AppDeps;
  const orderCases: [string, ListOrdersInput][] = [
    ['orders: newest page', {}],
    ['orders: page 2,000 (offset 49,975)', { page: 2000 }],
    ['orders: status completed', { status: 'completed' }],
    ['orders: status refunded, page 100', { status: 'refunded', page: 100 }],
    ['orders: search "noor"', { search: 'noor' }],
    ['orders: search "ana lima" + completed', { search: 'ana lima', status: 'completed' }],
    ['orders: search by email prefix', { search: 'couple4242' }],
    ['orders: search by order id', { search: 'pi_bench0000000000042424' }],
  ];
  const coupleCases: [string, ListCouplesInput][] = [
    ['couples: newest page', {}],
    ['couples: page 2,000', { page: 2000 }],
    ['couples: trial', { accessLevel: 'trial' }],
    ['couples: active in 7 days', { activity: 'active7' }],
    ['couples: inactive (30 days), full', { activity: 'inactive', accessLevel: 'full' }],
    ['couples: search "maya"', { search: 'maya' }],
    ['couples: search by email prefix', { search: 'couple777' }],
    ['couples: search by username prefix', { search: 'user_99' }],
  ];
  const results: { name: string; p50: number; p95: number; total: number }[] = [];
  for (const [name, input] of orderCases) {
    const { total } = await listOrders(deps, input);
    results.push({ name, total, ...(await time(() => listOrders(deps, input))) });
  }
  for (const [name, input] of coupleCases) {
    const { total } = await listCouples(deps, input);
    results.push({ name, total, ...(await time(() => listCouples(deps, input))) });
  }
  await db.destroy();

  console.log(`\n| List (${ROWS.toLocaleString('en')} couples and orders) | Matches | p50 ms | p95 ms |`);
  console.log('|---|---:|---:|---:|');
  for (const row of results) {
    console.log(`| ${row.name} | ${row.total} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} |`);
  }
  const slow = results.filter((row) => row.p95 >= TARGET_MS);
  console.log(
    slow.length === 0
      ? `\nEvery list under ${TARGET_MS} ms (p95).`
      : `\nOver ${TARGET_MS} ms: ${slow.map((r) => r.name).join(', ')}`,
  );
  if (slow.length > 0) process.exitCode = 1;
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
