import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { makeSamplePdf } from '../src/server/features/demo/seed';
import { Client, uploadForm } from './lib/http-client';
import { startServer } from './lib/server-process';

/**
 * Kills the server with SIGKILL at random moments during writes and PDF uploads, restarts it on the
 * same data, and checks each time: integrity_check is ok, every acknowledged write is present (or
 * the write that was in flight when the server died), no partial or orphaned PDF is visible, and no
 * row points at a missing file. `npm run crashtest [-- --kills 50]`; a short run is in npm test.
 */
const ADMIN_PASSWORD = 'crashtest-admin-password';
const PASSWORD = 'crash-password';

/** The value a key's single writer last saw acknowledged, and the one it had in flight. */
class Ledger {
  readonly acked = new Map<string, string>();
  readonly inFlight = new Map<string, string>();
  async write(key: string, value: string, send: () => Promise<{ status: number }>): Promise<boolean> {
    this.inFlight.set(key, value);
    const res = await send().catch(() => ({ status: 0 }));
    if (res.status >= 200 && res.status < 300) {
      this.acked.set(key, value);
      this.inFlight.delete(key);
      return true;
    }
    return false;
  }
  /** The stored value must be the last acknowledged one, or the in-flight one if it committed. */
  accepts(key: string, stored: string | undefined): boolean {
    const acked = this.acked.get(key);
    const flying = this.inFlight.get(key);
    if (stored === undefined) return acked === undefined;
    return stored === acked || stored === flying;
  }
}

export async function runCrashTest(options: {
  kills: number;
  log?: (line: string) => void;
  /** A compiled build of the server to start instead of the sources (startServer's `entry`). */
  entry?: string;
}): Promise<{ problems: string[]; kills: number; ackedWrites: number }> {
  const log = options.log ?? (() => {});
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vows-crash-'));
  const pdfDir = path.join(dataDir, 'pdfs');
  const env = { DATA_DIR: dataDir, DEMO_MODE: 'false', ADMIN_PASSWORD };
  const ledger = new Ledger();
  const problems: string[] = [];
  let ackedWrites = 0;
  const username = `crash_${Date.now().toString(36)}`;

  // A couple that has every week open for writing (week 1 is always unlocked).
  let server = await startServer(env, { entry: options.entry });
  const setup = new Client(server.url);
  await setup.post('/api/auth/register', { username, password: PASSWORD, confirmPassword: PASSWORD });
  const coupleId = (await setup.get('/api/session')).json?.customerId as number;
  if (!coupleId) throw new Error(`Could not create the crash-test couple:\n${server.output()}`);

  const padding = Buffer.alloc(1024 * 1024, '\n');
  for (let kill = 1; kill <= options.kills; kill += 1) {
    const couple = new Client(server.url);
    const admin = new Client(server.url);
    await couple.post('/api/auth/user-login', { username, password: PASSWORD });
    await admin.post('/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
    let alive = true;

    const writer = async () => {
      for (let n = 0; alive; n += 1) {
        const text = `k${kill} n${n}`;
        const ok1 = await ledger.write('workbook', text, () =>
          couple.post(`/api/workbook-responses/${coupleId}/1/partner1`, {
            reflectionAnswers: [text],
            discussionNotes: '',
            activityResponse: '',
            weeklyCommitment: '',
            conversationCards: [],
          }),
        );
        const ok2 = await ledger.write('notes', text, () =>
          couple.post(`/api/progress/${coupleId}/1`, { notes: text, rating: null }),
        );
        if (!ok1 || !ok2) return;
        ackedWrites += 2;
      }
    };
    const uploader = async () => {
      for (let n = 0; alive; n += 1) {
        const week = (n % 3) + 1;
        const title = `k${kill} upload ${n}`;
        // About 1 MB, so kills land in the middle of uploads too.
        const bytes = Buffer.concat([Buffer.from(await makeSamplePdf(title, title)), padding]);
        const body = uploadForm({ weekNumber: String(week), title }, { name: 'f.pdf', bytes });
        const ok = await ledger.write(`framework ${week}`, title, () =>
          admin.request('POST', '/api/upload-framework', undefined, { body }),
        );
        if (!ok) return;
        ackedWrites += 1;
      }
    };

    const running = Promise.all([writer(), uploader()]);
    await new Promise((resolve) => setTimeout(resolve, 150 + Math.random() * 900));
    await server.stop('SIGKILL');
    alive = false;
    await running;

    // Straight after the crash: the file must be a consistent database.
    const db = new SQLite(path.join(dataDir, 'app.sqlite'));
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') problems.push(`kill ${kill}: integrity_check ${String(integrity)}`);
    db.close();

    // Restart (recovery, stale upload cleanup), then check what a visitor could now see.
    server = await startServer(env, { entry: options.entry });
    const check = new SQLite(path.join(dataDir, 'app.sqlite'), { readonly: true });
    const workbook = check
      .prepare(
        "select reflection_answers from workbook_responses where couple_id = ? and week_number = 1 and partner = 'partner1'",
      )
      .get(coupleId) as { reflection_answers: string } | undefined;
    // Answers are stored by question id (decision 0126): week 1's first is w01-q1.
    const storedWorkbook = workbook
      ? (JSON.parse(workbook.reflection_answers) as Record<string, string>)['w01-q1']
      : undefined;
    if (!ledger.accepts('workbook', storedWorkbook))
      problems.push(`kill ${kill}: workbook answer is ${storedWorkbook}, acknowledged ${ledger.acked.get('workbook')}`);
    const notes = check.prepare('select notes from progress where couple_id = ? and week_number = 1').get(coupleId) as
      | { notes: string }
      | undefined;
    if (!ledger.accepts('notes', notes?.notes))
      problems.push(`kill ${kill}: notes are ${notes?.notes}, acknowledged ${ledger.acked.get('notes')}`);
    const rows = check.prepare('select week_number, title, file_name, file_size from frameworks').all() as {
      week_number: number;
      title: string;
      file_name: string;
      file_size: number;
    }[];
    check.close();
    for (const week of [1, 2, 3]) {
      const row = rows.find((r) => r.week_number === week);
      if (!ledger.accepts(`framework ${week}`, row?.title))
        problems.push(
          `kill ${kill}: week ${week} title is ${row?.title}, acknowledged ${ledger.acked.get(`framework ${week}`)}`,
        );
    }
    const referenced = new Set(rows.map((r) => r.file_name));
    for (const row of rows) {
      const file = path.join(pdfDir, row.file_name);
      if (!fs.existsSync(file)) {
        problems.push(`kill ${kill}: week ${row.week_number} points at missing ${row.file_name}`);
        continue;
      }
      const head = fs.readFileSync(file).subarray(0, 5).toString('latin1');
      if (fs.statSync(file).size !== row.file_size || head !== '%PDF-')
        problems.push(`kill ${kill}: ${row.file_name} is partial`);
    }
    for (const name of fs.readdirSync(pdfDir)) {
      if (!referenced.has(name)) problems.push(`kill ${kill}: orphaned or partial file visible after restart: ${name}`);
    }
    // The acknowledged state is now the stored state: later kills compare against it.
    for (const key of ['workbook', 'notes', 'framework 1', 'framework 2', 'framework 3']) ledger.inFlight.delete(key);
    ledger.acked.set('workbook', storedWorkbook as string);
    if (notes) ledger.acked.set('notes', notes.notes);
    for (const row of rows) ledger.acked.set(`framework ${row.week_number}`, row.title);
    log(`kill ${kill}/${options.kills}: ${problems.length === 0 ? 'ok' : `${problems.length} problem(s)`}`);
  }
  await server.stop('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { problems, kills: options.kills, ackedWrites };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { kills: { type: 'string', default: '50' } } });
  const result = await runCrashTest({ kills: Number(values.kills), log: (line) => console.log(line) });
  console.log(
    `\n${result.kills} SIGKILLs, ${result.ackedWrites} acknowledged writes, ${result.problems.length} problems`,
  );
  for (const problem of result.problems) console.log(`- ${problem}`);
  process.exit(result.problems.length === 0 ? 0 : 1);
}
