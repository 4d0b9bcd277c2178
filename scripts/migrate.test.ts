import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { migrations } from '../db/migrations/index';
import { openDatabase } from '../src/server/db/client';
import { createFirstVersionDatabase, makeTempDir } from '../src/server/test/harness';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** The command-line tasks migrate like the server: an older database is snapshotted first. */
describe('npm run db:migrate', () => {
  it('brings a database made by an older version up to date and keeps a snapshot of it', async () => {
    const dataDir = makeTempDir();
    await createFirstVersionDatabase(dataDir);

    const output = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'scripts/migrate.ts'],
        { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' }, timeout: 60_000 },
        (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
      );
    });
    expect(output).toContain('is up to date');
    expect(fs.readdirSync(path.join(dataDir, 'snapshots'))).toHaveLength(1);
    const database = openDatabase(path.join(dataDir, 'app.sqlite'));
    const applied = database.sqlite.prepare('select count(*) from kysely_migration').pluck().get();
    await database.db.destroy();
    expect(applied).toBe(Object.keys(migrations).length);
  });
});
