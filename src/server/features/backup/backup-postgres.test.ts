import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { nowIso } from '../../db/client';
import { createTestApp, makeTempDir, restartTestApp, type TestApp } from '../../test/harness';
import { createTestDatabase, onPostgres } from '../../test/postgres';
import { ACCESS_CODE_KEY_FILE } from '../auth/access-code-key';
import { makeSamplePdf } from '../demo/seed';
import { storeFrameworkPdf } from '../frameworks/test-support';
import { createPostgresBackup, POSTGRES_DUMP, restorePostgresBackup } from './postgres';

const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function count(t: TestApp, table: 'contact_messages' | 'frameworks' | 'couples'): Promise<number> {
  const row = await t.deps.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

// PostgreSQL's own backup (pg_dump, pg_restore): only on the server-pg project, which has a server.
describe.runIf(onPostgres())('backup and restore on PostgreSQL', () => {
  it('dumps one consistent snapshot while the app writes, restores into an empty database, and the app boots on it', async () => {
    const t = await createTestApp({ DEMO_MODE: 'true' });
    apps.push(t);
    for (const weekNumber of [1, 2]) {
      const fields = { weekNumber, title: `Week ${weekNumber}`, description: 'Uploaded by the seller' };
      await storeFrameworkPdf(t.deps, fields, await makeSamplePdf(`Week ${weekNumber}`, 'Notes'));
    }
    const stop = { done: false };
    const writing = (async () => {
      for (let written = 0; !stop.done; written += 1) {
        await t.deps.db
          .insertInto('contact_messages')
          .values({
            first_name: 'Load',
            last_name: `#${written}`,
            email: 'l@example.com',
            subject: null,
            message: 'x',
            created_at: nowIso(),
          })
          .execute();
      }
    })();
    const backupDir = makeTempDir('vows-backups-');
    const { folder, manifest } = await createPostgresBackup({
      databaseUrl: t.config.databaseUrl!,
      dataDir: t.config.dataDir,
      pdfDir: t.config.pdfDir,
      backupDir,
    });
    stop.done = true;
    await writing;
    expect(manifest).toMatchObject({ database: POSTGRES_DUMP, pdfCount: 2 });
    expect(fs.readdirSync(`${folder}/pdfs`)).toHaveLength(2);
    expect(fs.existsSync(`${folder}/${ACCESS_CODE_KEY_FILE}`)).toBe(true);
    expect(fs.statSync(`${folder}/${POSTGRES_DUMP}`).mode & 0o777).toBe(0o600);

    const target = (await createTestDatabase({ empty: true }))!;
    const dataDir = `${makeTempDir('vows-restored-')}/data`;
    const restored = await restorePostgresBackup({ folder, databaseUrl: target.url, dataDir });
    expect(restored.counts).toEqual(manifest.counts);
    // A second restore into the same, no longer empty, database is refused.
    await expect(
      restorePostgresBackup({ folder, databaseUrl: target.url, dataDir: `${dataDir}-again` }),
    ).rejects.toThrow(/not empty/);

    // The app starts on the restored database and DATA_DIR: the rows of the snapshot, the uploads.
    const onCopy = await restartTestApp(
      {
        ...t,
        app: { close: async () => {} } as TestApp['app'],
        config: { ...t.config, dataDir, databaseUrl: target.url },
      },
      { DEMO_MODE: 'true' },
    );
    apps.push(onCopy);
    expect(await count(onCopy, 'contact_messages')).toBe(manifest.counts.contact_messages);
    expect(await count(onCopy, 'frameworks')).toBe(2);
    expect(await count(onCopy, 'couples')).toBe(manifest.counts.couples);
    fs.rmSync(backupDir, { recursive: true, force: true });
  });

  it('refuses a SQLite backup folder with a message saying how to move it', async () => {
    const folder = makeTempDir('vows-sqlite-backup-');
    fs.writeFileSync(`${folder}/manifest.json`, JSON.stringify({ database: 'app.sqlite', counts: {} }));
    await expect(
      restorePostgresBackup({ folder, databaseUrl: 'postgres://unused@127.0.0.1:1/x', dataDir: `${folder}/data` }),
    ).rejects.toThrow(/npm run db:copy/);
  });
});
