import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { nowIso } from '../../db/client';
import { createTestApp, makeTempDir, testConfig, type TestApp } from '../../test/harness';
import { ACCESS_CODE_KEY_FILE } from '../auth/access-code-key';
import { VAPID_KEYS_FILE } from '../push/vapid-keys';
import { makeSamplePdf } from '../demo/seed';
import { storeFrameworkPdf } from '../frameworks/test-support';
import { createBackup, restoreBackup } from './service';

const run = promisify(execFile);
const tsx = path.resolve('node_modules/.bin/tsx');
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function writeUntil(t: TestApp, stop: { done: boolean }): Promise<number> {
  let written = 0;
  while (!stop.done) {
    await t.deps.db
      .insertInto('contact_messages')
      .values({
        first_name: 'Load',
        last_name: `#${written}`,
        email: 'load@example.com',
        subject: null,
        message: 'x'.repeat(500),
        created_at: nowIso(),
      })
      .execute();
    written += 1;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return written;
}

describe('backup and restore', () => {
  it('backs up consistently under write load, restores, and the app boots on the copy', async () => {
    t = await createTestApp({ DEMO_MODE: 'true' });
    // The seller's uploads are what the backup must carry (weeks without one get printables).
    for (const weekNumber of [1, 2, 3]) {
      const fields = { weekNumber, title: `Week ${weekNumber}`, description: 'Uploaded by the seller' };
      await storeFrameworkPdf(t.deps, fields, await makeSamplePdf(`Week ${weekNumber}`, 'Notes'));
    }
    const backupDir = makeTempDir('vows-backups-');
    const stop = { done: false };
    const writing = writeUntil(t, stop);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = (
      await t.deps.db
        .selectFrom('contact_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    const { folder, manifest } = await createBackup({
      databaseFile: t.config.databaseFile,
      pdfDir: t.config.pdfDir,
      backupDir,
    });
    stop.done = true;
    const total = await writing;

    expect(path.basename(folder)).toMatch(/^backup-\d{8}T\d{6}Z$/);
    expect(manifest.pdfCount).toBe(3);
    expect(manifest.counts.contact_messages).toBeGreaterThanOrEqual(before);
    expect(manifest.counts.contact_messages).toBeLessThanOrEqual(total);

    const dataDir = path.join(makeTempDir('vows-restore-'), 'data');
    await restoreBackup({ folder, dataDir });
    // The access-code key comes back too: without it no personal code could be checked.
    const keyOf = (dir: string) => fs.readFileSync(path.join(dir, ACCESS_CODE_KEY_FILE), 'utf8');
    expect(keyOf(dataDir)).toBe(keyOf(t.config.dataDir));
    // And the VAPID key pair, or every device would have to turn push on again (decision 0270).
    const vapidOf = (dir: string) => fs.readFileSync(path.join(dir, VAPID_KEYS_FILE), 'utf8');
    expect(vapidOf(dataDir)).toBe(vapidOf(t.config.dataDir));
    const restored = await buildApp(testConfig({ DATA_DIR: dataDir, DEMO_MODE: 'true' }), {
      logger: false,
      print: () => {},
    });
    try {
      const messages = await restored.deps.db.selectFrom('contact_messages').select('last_name').execute();
      expect(messages).toHaveLength(manifest.counts.contact_messages!);
      // Writes are whole: every restored row is one that was written, in order, with no gaps.
      expect(messages.map((m) => m.last_name)).toEqual(messages.map((_, i) => `#${i}`));
      const frameworks = await restored.deps.db.selectFrom('frameworks').select('file_name').execute();
      for (const { file_name } of frameworks) expect(fs.existsSync(path.join(dataDir, 'pdfs', file_name))).toBe(true);
      const res = await restored.inject({ url: '/api/auth/check' });
      expect(res.statusCode).toBe(200);
    } finally {
      await restored.close();
    }
  });

  it('keeps only the newest backups', async () => {
    t = await createTestApp();
    const backupDir = makeTempDir('vows-backups-');
    for (let i = 0; i < 4; i += 1) {
      await createBackup({
        databaseFile: t.config.databaseFile,
        pdfDir: t.config.pdfDir,
        backupDir,
        keep: 2,
        now: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      });
    }
    expect(fs.readdirSync(backupDir).sort()).toEqual(['backup-20260101T000002Z', 'backup-20260101T000003Z']);
  });

  it('refuses to restore over an existing data directory', async () => {
    t = await createTestApp();
    const backupDir = makeTempDir('vows-backups-');
    const { folder } = await createBackup({ databaseFile: t.config.databaseFile, pdfDir: t.config.pdfDir, backupDir });
    await expect(restoreBackup({ folder, dataDir: t.config.dataDir })).rejects.toThrow(/not empty/);
  });

  it('runs as npm scripts: backup prints the folder (with the ACCESS_CODE_KEY in use), restore refuses a folder that is not a backup', async () => {
    t = await createTestApp();
    const backupDir = makeTempDir('vows-backups-');
    const key = `${randomBytes(32).toString('base64')}\n`;
    const env = { ...process.env, DATA_DIR: t.config.dataDir, BACKUP_DIR: backupDir, NODE_ENV: 'test' };
    const backup = await run(tsx, ['scripts/backup.ts'], { env: { ...env, ACCESS_CODE_KEY: key } });
    expect(backup.stdout).toMatch(/Backup written to .*backup-/);
    // A key from the environment is in no file: the backup holds it as the key file, for a restore.
    const [folder] = fs.readdirSync(backupDir);
    expect(fs.readFileSync(path.join(backupDir, folder!, ACCESS_CODE_KEY_FILE), 'utf8')).toBe(key);
    const failed = await run(tsx, ['scripts/restore.ts', makeTempDir()], {
      env: { ...env, DATA_DIR: makeTempDir() },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toMatch(/not a backup folder/);
  }, 30_000);
});
