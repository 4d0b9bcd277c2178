import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { migrateToLatest } from '../../db/migrate';
import { makeTempDir } from '../../test/harness';
import { snapshotBeforeMigration } from './service';

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
