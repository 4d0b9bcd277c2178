import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { migrateToLatest } from '../../db/migrate';
import { createFirstVersionDatabase, makeTempDir } from '../../test/harness';
import { migrateWithSnapshot, snapshotBeforeMigration } from './service';

describe('snapshotBeforeMigration', () => {
  it('writes a readable copy of the database and keeps the newest five', async () => {
    const dataDir = makeTempDir();
    const { db, sqlite } = openDatabase(path.join(dataDir, 'app.sqlite'));
    await migrateToLatest(db);
    for (let i = 0; i < 7; i += 1) await snapshotBeforeMigration(sqlite, dataDir);
    await db.destroy();
    const kept = fs.readdirSync(path.join(dataDir, 'snapshots'));
    expect(kept).toHaveLength(5);
    const copy = openDatabase(path.join(dataDir, 'snapshots', kept[0]!));
    expect(copy.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    await copy.db.destroy();
  });
});

describe('migrateWithSnapshot', () => {
  it('snapshots a database made by an older version before migrating it, and a new one never', async () => {
    const dataDir = makeTempDir();
    await createFirstVersionDatabase(dataDir);

    const database = openDatabase(path.join(dataDir, 'app.sqlite'));
    await migrateWithSnapshot(database, dataDir);
    const [snapshot] = fs.readdirSync(path.join(dataDir, 'snapshots'));
    const indexes = database.sqlite.prepare("select name from sqlite_master where type = 'index'").pluck().all();
    await database.db.destroy();
    expect(indexes).toContain('progress_completed_weeks');
    // The snapshot is the database as the older version left it.
    const copy = openDatabase(path.join(dataDir, 'snapshots', snapshot!));
    expect(copy.sqlite.prepare("select name from sqlite_master where type = 'index'").pluck().all()).not.toContain(
      'progress_completed_weeks',
    );
    await copy.db.destroy();

    const fresh = makeTempDir();
    const created = openDatabase(path.join(fresh, 'app.sqlite'));
    await migrateWithSnapshot(created, fresh);
    await created.db.destroy();
    expect(fs.existsSync(path.join(fresh, 'snapshots'))).toBe(false);
  });
});
