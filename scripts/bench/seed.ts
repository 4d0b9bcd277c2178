import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { openDatabase } from '../../src/server/db/client';
import { migrateToLatest } from '../../src/server/db/migrate';

/**
 * Benchmark databases, written straight into SQLite: the app's own migrations first, then every
 * row through prepared statements in ONE transaction (100,000 couples take seconds, not the hours
 * the API would). Sign-in is not benchmarked, so password hashes are a fixed dummy string; session
 * token hashes are sha256 of known tokens, exactly what resolveSession looks up.
 */

/** The couple every read is made as: the same standing in the small and the large database. */
export const BENCH_COMPLETED_WEEKS = 20;
export const ADMIN_USERNAME = 'admin';

export interface SeededDatabase {
  dataDir: string;
  couples: number;
  /** The couple the reads are made as, its session cookie, and an admin session cookie. */
  coupleId: number;
  cookie: string;
  adminCookie: string;
  rows: Record<string, number>;
  seconds: number;
}

function sha256(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const DUMMY_PASSWORD_HASH = 'scrypt$bench$not-a-real-hash';
const REFLECTIONS = JSON.stringify([
  'We talked about what home means to each of us.',
  'Sunday dinners with both families.',
]);
const CARDS = JSON.stringify(['What did your parents argue about?', 'What does a good weekend look like?']);

/**
 * How far couple `index` has got: spread over 0-26 completed weeks (most couples are early in the
 * course), except the bench couple, which has BENCH_COMPLETED_WEEKS in every database.
 */
function completedWeeksOf(index: number, benchIndex: number): number {
  return index === benchIndex ? BENCH_COMPLETED_WEEKS : (index * 7) % 27;
}

export async function seedBenchDatabase(dataDir: string, couples: number): Promise<SeededDatabase> {
  const started = performance.now();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'app.sqlite');

  const { db } = openDatabase(file);
  await migrateToLatest(db);
  await db.destroy();

  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('cache_size = -262144');
  const now = new Date().toISOString();
  const expires = Date.now() + 30 * 24 * 60 * 60 * 1000;
  const insertCouple = sqlite.prepare(
    "insert into couples (display_name, partner_name, wedding_date, access_level, created_at) values (?, ?, ?, 'full', ?)",
  );
  const insertAccount = sqlite.prepare(
    'insert into accounts (role, couple_id, username, email, password_hash, access_code_hash, created_at) values (?, ?, ?, ?, ?, null, ?)',
  );
  const insertSession = sqlite.prepare(
    'insert into sessions (token_hash, account_id, expires_at, created_at) values (?, ?, ?, ?)',
  );
  const insertProgress = sqlite.prepare(
    'insert into progress (couple_id, week_number, notes, rating, completed_at, updated_at) values (?, ?, ?, ?, ?, ?)',
  );
  const insertAnswer = sqlite.prepare(
    `insert into workbook_responses (couple_id, week_number, partner, reflection_answers, discussion_notes,
       activity_response, weekly_commitment, conversation_cards, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const rows = { couples: 0, accounts: 0, sessions: 0, progress: 0, workbook_responses: 0 };
  const benchIndex = Math.floor(couples / 2);
  let benchCoupleId = 0;

  sqlite.transaction(() => {
    const admin = insertAccount.run('admin', null, ADMIN_USERNAME, null, DUMMY_PASSWORD_HASH, now);
    insertSession.run(sha256('bench-admin-token'), admin.lastInsertRowid, expires, now);
    for (let index = 0; index < couples; index += 1) {
      const coupleId = Number(
        insertCouple.run(`Robin ${index}`, `Casey ${index}`, index % 3 === 0 ? '2027-06-12' : null, now)
          .lastInsertRowid,
      );
      if (index === benchIndex) benchCoupleId = coupleId;
      const accountId = insertAccount.run(
        'couple',
        coupleId,
        null,
        `couple${index}@bench.example`,
        DUMMY_PASSWORD_HASH,
        now,
      ).lastInsertRowid;
      insertSession.run(sha256(`bench-token-${index}`), accountId, expires, now);
      const completed = completedWeeksOf(index, benchIndex);
      for (let week = 1; week <= completed; week += 1) {
        insertProgress.run(coupleId, week, week % 4 === 0 ? 'A good talk about money.' : '', (week % 5) + 1, now, now);
      }
      rows.progress += completed;
      // Answers for the last two completed weeks and the current one, from both partners.
      for (let week = Math.max(1, completed - 1); week <= Math.min(52, completed + 1); week += 1) {
        for (const partner of ['partner1', 'partner2']) {
          insertAnswer.run(
            coupleId,
            week,
            partner,
            REFLECTIONS,
            'We agreed to plan a budget night.',
            '',
            'Phones away at dinner.',
            CARDS,
            now,
          );
          rows.workbook_responses += 1;
        }
      }
    }
  })();
  rows.couples = couples;
  rows.accounts = couples + 1;
  rows.sessions = couples + 1;
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();

  return {
    dataDir,
    couples,
    coupleId: benchCoupleId,
    cookie: `sid=bench-token-${benchIndex}`,
    adminCookie: 'sid=bench-admin-token',
    rows,
    seconds: (performance.now() - started) / 1000,
  };
}
