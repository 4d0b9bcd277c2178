import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBackup, restoreBackup, storeRestoredPdfs } from '../features/backup/service';
import { openFrameworkDownload, removeStaleFrameworkFiles, S3_ORPHAN_GRACE_MS } from '../features/frameworks/service';
import { filesIn, makePdf, uploadForm } from '../features/frameworks/test-support';
import { addOrder } from '../features/orders/test-support';
import { WORKBOOK_TIMING } from '../features/orders/workbook-pdf';
import { adminCookie, createTestApp, makeTempDir, useTestApp } from '../test/harness';
import { onPostgres } from '../test/postgres';
import { startS3Double, type S3Double } from '../test/s3-double';
import { tcpProxy } from '../test/tcp-proxy';
import { uploadCacheDir } from './create-file-store';

/** No week has content of its own, so the workbook holds the uploads only. */
const content = vi.hoisted(() => ({ weeks: [] as number[] | null }));
vi.mock('../features/printables/content', async (original) =>
  (await import('../features/printables/test-support')).limitedContent(await original(), content),
);

/** While set, the frameworks row cannot be written (a failed commit). */
const failingRow = vi.hoisted(() => ({ on: false }));
vi.mock('../features/frameworks/repo', async (original) => {
  const actual = await original<typeof import('../features/frameworks/repo')>();
  return {
    ...actual,
    replaceFramework: (...args: Parameters<typeof actual.replaceFramework>) => {
      if (failingRow.on) throw new Error('the database refused the row');
      return actual.replaceFramework(...args);
    },
  };
});

let s3: S3Double;
const env: Record<string, string> = {};
beforeAll(async () => {
  s3 = await startS3Double();
  Object.assign(env, s3.env);
});
afterAll(() => s3.close());
const t = useTestApp(env);
let admin: string;
beforeAll(async () => {
  admin = await adminCookie(t.deps);
});

beforeEach(async () => {
  failingRow.on = false;
  for (const { weekNumber } of await t.deps.db.selectFrom('frameworks').select('week_number as weekNumber').execute()) {
    await t.app.inject({ method: 'DELETE', url: `/api/framework/${weekNumber}`, headers: { cookie: admin } });
  }
});

/** A PDF whose pages are as wide as 200 + the week number, so a merged file shows its weeks. */
async function weekPdf(weekNumber: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([200 + weekNumber, 300]);
  pdf.setTitle(`Upload for week ${weekNumber}`);
  return Buffer.from(await pdf.save());
}

function uploadWeek(weekNumber: number, bytes: Buffer) {
  const form = uploadForm({ weekNumber: String(weekNumber), title: `Week ${weekNumber}`, description: '' }, bytes);
  return t.app.inject({
    method: 'POST',
    url: '/api/upload-framework',
    payload: form.payload,
    headers: { ...form.headers, cookie: admin },
  });
}

async function storedNames(): Promise<string[]> {
  return (await t.deps.files.list()).map((entry) => entry.name).sort();
}

async function rowFileNames(): Promise<string[]> {
  const rows = await t.deps.db.selectFrom('frameworks').select('file_name').orderBy('file_name').execute();
  return rows.map((row) => row.file_name);
}

describe('the PDFs in S3-compatible storage (STORAGE_URL)', { timeout: 60_000 }, () => {
  it('stores an upload as an object and streams the same bytes back on download', async () => {
    expect(t.deps.files.kind).toBe('s3');
    const bytes = await makePdf('Stored in the bucket');
    expect((await uploadWeek(3, bytes)).statusCode).toBe(201);

    const names = await rowFileNames();
    expect(await storedNames()).toEqual(names);
    // Nothing is left on the local disk: the temporary file is gone, the object is the only copy.
    expect(filesIn(t.config.pdfDir)).toEqual([]);
    expect(fs.readdirSync(path.join(s3.directory, 'vows-test-pdfs'), { recursive: true }).join()).toContain(
      `frameworks/${names[0]}`,
    );

    const res = await t.app.inject({ url: '/api/download-framework/3', headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.headers['content-disposition']).toBe('attachment; filename="week-3.pdf"');
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('removes the old object once the row names the new one when a week is replaced', async () => {
    expect((await uploadWeek(4, await makePdf('first'))).statusCode).toBe(201);
    const [first] = await rowFileNames();
    const second = await makePdf('second');
    const res = await uploadWeek(4, second);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ replaced: true });

    const names = await rowFileNames();
    expect(names).not.toContain(first);
    expect(await storedNames()).toEqual(names);
    const download = await t.app.inject({ url: '/api/download-framework/4', headers: { cookie: admin } });
    expect(download.rawPayload.equals(second)).toBe(true);
  });

  it('leaves no object behind when the row cannot be committed, and keeps the previous upload', async () => {
    const kept = await makePdf('kept');
    expect((await uploadWeek(5, kept)).statusCode).toBe(201);
    const before = await storedNames();

    failingRow.on = true;
    const res = await uploadWeek(5, await makePdf('refused'));
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: expect.any(String) });

    expect(await storedNames()).toEqual(before);
    expect(await rowFileNames()).toEqual(before);
    expect(filesIn(t.config.pdfDir)).toEqual([]);
    const download = await t.app.inject({ url: '/api/download-framework/5', headers: { cookie: admin } });
    expect(download.rawPayload.equals(kept)).toBe(true);
  });

  it('logs an object that has gone and answers as if nothing were uploaded (404 without content)', async () => {
    expect((await uploadWeek(8, await makePdf('lost'))).statusCode).toBe(201);
    const [name] = await rowFileNames();
    await t.deps.files.remove(name!);
    const missing: string[] = [];
    const viewer = { kind: 'admin', accountId: 1, sessionId: 1, expiresAt: Date.now() + 60_000 } as const;
    await expect(
      openFrameworkDownload(t.deps, viewer, 8, { onMissingFile: (fileName) => missing.push(fileName) }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(missing).toEqual([name]);
  });

  it('sweeps objects no row names once they are old enough, never a young one or a referenced one', async () => {
    expect((await uploadWeek(6, await makePdf('referenced'))).statusCode).toBe(201);
    const referenced = await rowFileNames();
    const temp = path.join(makeTempDir(), 'orphan.pdf');
    fs.writeFileSync(temp, await makePdf('orphan'));
    const orphan = 'week-09-0123456789abcdef.pdf';
    const foreign = 'notes.txt';
    await t.deps.files.put(temp, orphan, fs.statSync(temp).size);
    await t.deps.files.put(temp, foreign, fs.statSync(temp).size);

    // Just written: it may be another process's upload whose row is about to be committed.
    expect(await removeStaleFrameworkFiles(t.deps)).toEqual([]);
    expect(await storedNames()).toEqual([foreign, orphan, ...referenced].sort());

    const later = Date.now() + S3_ORPHAN_GRACE_MS + 60_000;
    expect(await removeStaleFrameworkFiles(t.deps, later)).toEqual([orphan]);
    expect(await storedNames()).toEqual([foreign, ...referenced].sort());
    await t.deps.files.remove(foreign);
  });

  it('builds the complete workbook from the uploads in the bucket, fetched into the local cache', async () => {
    for (const week of [2, 1]) expect((await uploadWeek(week, await weekPdf(week))).statusCode).toBe(201);
    expect(filesIn(t.config.pdfDir)).toEqual([]);
    const order = await addOrder(t.deps);
    const defaultWait = WORKBOOK_TIMING.waitMs;
    WORKBOOK_TIMING.waitMs = 60_000;
    try {
      const res = await t.app.inject({ url: `/api/download-workbook/${order.id}/pdf` });
      expect(res.statusCode, res.body).toBe(200);
      const merged = await PDFDocument.load(res.rawPayload);
      const widths = merged.getPages().map((page) => Math.round(page.getWidth()));
      expect(widths.filter((width) => width === 201 || width === 202)).toEqual([201, 202]);
    } finally {
      WORKBOOK_TIMING.waitMs = defaultWait;
    }
    expect(filesIn(uploadCacheDir(t.config.dataDir))).toEqual(await rowFileNames());
  });

  // Not on PostgreSQL: this is the SQLite file's backup (backup-postgres.test.ts covers pg_dump's).
  it.skipIf(onPostgres())(
    'downloads the objects into a backup, and a restore writes them back into the bucket',
    async () => {
      const bytes = await makePdf('backed up');
      expect((await uploadWeek(7, bytes)).statusCode).toBe(201);
      const [name] = await rowFileNames();
      const backupDir = makeTempDir();
      const { folder, manifest } = await createBackup({
        databaseFile: t.config.databaseFile,
        pdfDir: t.config.pdfDir,
        backupDir,
        openPdf: async (fileName) => (await t.deps.files.open(fileName))?.stream ?? null,
      });
      expect(manifest.pdfCount).toBe(1);
      expect(fs.readFileSync(path.join(folder, 'pdfs', name!)).equals(bytes)).toBe(true);

      // The bucket loses the object; a restore puts it back from the backup.
      await t.deps.files.remove(name!);
      expect(await t.deps.files.open(name!)).toBeNull();
      const restoredDir = path.join(makeTempDir(), 'data');
      await restoreBackup({ folder, dataDir: restoredDir });
      expect(await storeRestoredPdfs(path.join(restoredDir, 'pdfs'), t.deps.files)).toBe(1);
      expect(filesIn(path.join(restoredDir, 'pdfs'))).toEqual([]);
      const download = await t.app.inject({ url: '/api/download-framework/7', headers: { cookie: admin } });
      expect(download.rawPayload.equals(bytes)).toBe(true);
      fs.rmSync(backupDir, { recursive: true, force: true });
      fs.rmSync(path.dirname(restoredDir), { recursive: true, force: true });
    },
  );

  it('starts while the bucket does not answer, and is ready once it answers', async () => {
    const proxy = await tcpProxy(env.S3_ENDPOINT!, { refusing: true });
    const dataDir = makeTempDir();
    try {
      const app = await createTestApp({ ...env, DATA_DIR: dataDir, S3_ENDPOINT: proxy.url });
      try {
        expect((await app.app.inject({ url: '/healthz' })).statusCode).toBe(200);
        expect((await app.app.inject({ url: '/readyz' })).statusCode).toBe(503);
        proxy.accept();
        expect((await app.app.inject({ url: '/readyz' })).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    } finally {
      await proxy.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to start with a clear cause when the bucket cannot be listed', async () => {
    const dataDir = makeTempDir();
    try {
      await expect(
        createTestApp({ ...env, DATA_DIR: dataDir, STORAGE_URL: 's3://no-such-bucket/pdfs' }),
      ).rejects.toThrow(/^The PDF bucket \(STORAGE_URL, S3_ENDPOINT, S3_REGION and the keys\) could not be listed: /);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
