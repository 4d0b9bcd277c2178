import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { DEMO_ORDER_COMPLETED } from '../features/demo/seed';
import { createBackup, restoreBackup } from '../features/backup/service';
import { makePdf, uploadForm } from '../features/frameworks/test-support';
import { WORKBOOK_TIMING } from '../features/orders/workbook-pdf';
import { adminCookie, createFirstVersionDatabase, makeTempDir, testConfig } from '../test/harness';

/** Every file and folder under `root` (itself included) with its permission bits, e.g. `data/pdfs 700`. */
function modes(root: string): string[] {
  const found: string[] = [];
  const visit = (entry: string) => {
    const stat = fs.statSync(entry);
    found.push(`${path.relative(path.dirname(root), entry)} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
  return found;
}

/** The entries of `modes` that are not private: files 0600, folders 0700. */
function notPrivate(root: string): string[] {
  return modes(root).filter((line) => {
    const [entry, mode] = line.split(' ');
    const isDir = fs.statSync(path.join(path.dirname(root), entry!)).isDirectory();
    return mode !== (isDir ? '700' : '600');
  });
}

describe('files the app creates are private whatever the umask', () => {
  let previousUmask: number;
  let root: string;
  beforeEach(() => {
    previousUmask = process.umask(0o022);
    root = makeTempDir('vows-modes-');
  });
  afterEach(() => {
    process.umask(previousUmask);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('DATA_DIR, the database with its WAL and SHM, snapshots, PDFs, the cache, backups and restores', {
    timeout: 60_000,
  }, async () => {
    const dataDir = path.join(root, 'data');
    const backupDir = path.join(root, 'backups');
    // An older database, so that start-up takes a snapshot before migrating it.
    await createFirstVersionDatabase(dataDir);
    const config = testConfig({ DATA_DIR: dataDir, BACKUP_DIR: backupDir, DEMO_MODE: 'true' });
    const app = await buildApp(config, { logger: false, print: () => {}, webDir: path.join(root, 'no-web') });
    try {
      const form = uploadForm({ weekNumber: '5', title: 'Week five' }, await makePdf());
      const uploaded = await app.inject({
        method: 'POST',
        url: '/api/upload-framework',
        payload: form.payload,
        headers: { ...form.headers, cookie: await adminCookie(app.deps) },
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      // Wait for the whole build (a worker thread generating 52 printables: decisions 0120, 0121).
      const wait = WORKBOOK_TIMING.waitMs;
      WORKBOOK_TIMING.waitMs = 120_000;
      const workbook = await app.inject({ url: `/api/download-workbook/${DEMO_ORDER_COMPLETED}/pdf` });
      WORKBOOK_TIMING.waitMs = wait;
      expect(workbook.statusCode).toBe(200);

      const present = modes(dataDir).map((line) => line.split(' ')[0]);
      expect(present).toEqual(
        expect.arrayContaining([
          'data',
          'data/app.sqlite',
          'data/app.sqlite-wal',
          'data/app.sqlite-shm',
          'data/pdfs',
          'data/snapshots',
          'data/cache',
          'data/printables',
        ]),
      );
      // The demo uploads nothing (decision 0120): the one upload above.
      expect(present.filter((entry) => entry!.startsWith('data/pdfs/'))).toHaveLength(1);
      expect(present.filter((entry) => entry!.startsWith('data/printables/')).length).toBeGreaterThan(0);
      expect(present.filter((entry) => entry!.startsWith('data/snapshots/'))).toHaveLength(1);
      expect(present.filter((entry) => entry!.startsWith('data/cache/'))).toHaveLength(1);
      expect(notPrivate(dataDir)).toEqual([]);

      const { folder } = await createBackup({ databaseFile: config.databaseFile, pdfDir: config.pdfDir, backupDir });
      expect(modes(folder).length).toBeGreaterThan(4);
      expect(notPrivate(backupDir)).toEqual([]);

      const restored = path.join(root, 'restored');
      await restoreBackup({ folder, dataDir: restored });
      expect(modes(restored).length).toBeGreaterThan(3);
      expect(notPrivate(restored)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('tightens a DATA_DIR and database that an older version left readable to all', async () => {
    const dataDir = path.join(root, 'data');
    await createFirstVersionDatabase(dataDir);
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(path.join(dataDir, 'app.sqlite'), 0o644);
    const config = testConfig({ DATA_DIR: dataDir });
    const app = await buildApp(config, { logger: false, print: () => {}, webDir: path.join(root, 'no-web') });
    try {
      expect(modes(dataDir)).toEqual(expect.arrayContaining(['data 700', 'data/app.sqlite 600', 'data/pdfs 700']));
      expect(notPrivate(dataDir)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
