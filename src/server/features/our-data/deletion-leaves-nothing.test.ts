import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { adminCookie, createCouple, createTestApp, makeTempDir, sessionCookie, type TestApp } from '../../test/harness';
import { filePrefix, keepsakeDir } from './keepsake-files';

/*
 * Issue 42: a deleted couple's words must not stay in the bytes of DATA_DIR (SQLite keeps deleted
 * content in free pages unless secure_delete is on, decision 0202), nor in cached files. SQLite
 * only (vitest.config.ts, sqliteOnlyTests): on PostgreSQL the database is not under DATA_DIR.
 */

let t: TestApp | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await t?.app.close();
  t = undefined;
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

/** Every file under `dir` (the database, its -wal and -shm, caches, the outbox) holding `word`. */
function filesHolding(dir: string, word: string): string[] {
  const needle = Buffer.from(word, 'utf8');
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (fs.readFileSync(file).includes(needle)) found.push(path.relative(dir, file));
  }
  return found;
}

/** A couple that wrote `word` in week 1's answers, and a cached keepsake file holding it too. */
async function coupleWhoWrote(app: TestApp, word: string) {
  const couple = await createCouple(app.deps, { displayName: 'Robin', partnerName: 'Casey' });
  const cookie = await sessionCookie(app.deps, couple.accountId);
  const saved = await app.app.inject({
    method: 'POST',
    url: `/api/workbook-responses/${couple.coupleId}/1/partner1`,
    headers: { cookie },
    payload: { reflectionAnswers: [`We listen ${word} first.`], weeklyCommitment: `Commit ${word}` },
  });
  expect(saved.statusCode).toBe(200);
  const cache = keepsakeDir(app.deps);
  fs.mkdirSync(cache, { recursive: true });
  fs.writeFileSync(path.join(cache, `${filePrefix(couple.coupleId)}test.pdf`), `%PDF- ${word}`);
  return { ...couple, cookie };
}

async function startApp(): Promise<TestApp> {
  const app = await createTestApp();
  dataDir = app.config.dataDir;
  return app;
}

describe('deleting a couple leaves nothing of theirs under DATA_DIR (issue 42)', () => {
  it('"Delete our account": the unique word is in no file, the database closed', async () => {
    t = await startApp();
    const word = `zyx${randomBytes(8).toString('hex')}`;
    const couple = await coupleWhoWrote(t, word);
    // The check can fail: before the deletion the word is on disk.
    expect(filesHolding(t.config.dataDir, word).length).toBeGreaterThan(0);

    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/ourData.deleteAccount',
      headers: { cookie: couple.cookie },
      payload: { confirmation: 'DELETE' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await t.app.close();
    t = undefined;
    expect(filesHolding(dataDir!, word)).toEqual([]);
  });

  it("the back office's deletion: the same", async () => {
    t = await startApp();
    const word = `zyx${randomBytes(8).toString('hex')}`;
    const couple = await coupleWhoWrote(t, word);
    expect(filesHolding(t.config.dataDir, word).length).toBeGreaterThan(0);
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/adminCouples.delete',
      headers: { cookie: await adminCookie(t.deps) },
      payload: { coupleId: couple.coupleId, confirmation: couple.email },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await t.app.close();
    t = undefined;
    expect(filesHolding(dataDir!, word)).toEqual([]);
  });

  it('secure_delete is on for the app connection, and it is what clears the free pages', () => {
    const dir = makeTempDir();
    try {
      const handle = openDatabase(path.join(dir, 'app.sqlite'));
      expect(handle.sqlite.prepare('pragma secure_delete').pluck().get()).toBe(1);
      handle.sqlite.close();
      // A twin without it keeps a deleted row's bytes: the pragma is what the tests above rely on.
      const plain = new SQLite(path.join(dir, 'plain.sqlite'));
      plain.exec(`create table t (v text); insert into t values ('${'kept-bytes '.repeat(50)}'); delete from t;`);
      plain.close();
      expect(fs.readFileSync(path.join(dir, 'plain.sqlite')).includes(Buffer.from('kept-bytes'))).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
