import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { findPostgresProgram } from '../../db/postgres-tools';
import { ensurePrivateFile } from '../../platform/private-files';
import {
  type BackupManifest,
  type BackupTarget,
  COUNTED_TABLES,
  manifestToRestore,
  restoreFilesOfBackup,
  writeBackup,
} from './service';

const run = promisify(execFile);

/** The dump's file name in a backup folder of a PostgreSQL install. */
export const POSTGRES_DUMP = 'database.dump';

/**
 * `npm run backup` on PostgreSQL (docs/operations.md): pg_dump's custom format, taken
 * from one snapshot that the PDF list and the row counts are read from too, so the folder is
 * consistent while the app keeps writing. The PDFs (from local disk or, with STORAGE_URL, the
 * bucket) and the access-code key are copied as for SQLite. Written under a temporary name and
 * renamed when complete; keeps the newest `keep`.
 */
export async function createPostgresBackup(
  options: BackupTarget & { databaseUrl: string; dataDir: string },
): Promise<{ folder: string; manifest: BackupManifest }> {
  return writeBackup(options, options.dataDir, async (folder) => {
    const client = new pg.Client({ connectionString: options.databaseUrl });
    await client.connect();
    try {
      await client.query('begin isolation level repeatable read read only');
      const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
      const files = (await client.query<{ file_name: string }>('select file_name from frameworks')).rows;
      const counts: Record<string, number> = {};
      for (const table of COUNTED_TABLES) {
        counts[table] = Number((await client.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]!.n);
      }
      const dump = path.join(folder, POSTGRES_DUMP);
      await ensurePrivateFile(dump);
      await run(findPostgresProgram('pg_dump'), [
        '--format=custom',
        '--no-owner',
        `--snapshot=${snapshot}`,
        `--file=${dump}`,
        `--dbname=${options.databaseUrl}`,
      ]).catch((error: Error & { stderr?: string }) => {
        throw new Error(`pg_dump failed: ${error.stderr?.trim() || error.message}`);
      });
      await client.query('commit');
      return { database: POSTGRES_DUMP, pdfs: files.map((file) => file.file_name), counts };
    } finally {
      await client.end();
    }
  });
}

/**
 * `npm run restore -- <folder>` on PostgreSQL: pg_restore into the empty database DATABASE_URL
 * names (refused when it holds the app's tables already), then the PDFs and the access-code key
 * into an empty DATA_DIR, as for SQLite.
 */
export async function restorePostgresBackup(options: {
  folder: string;
  databaseUrl: string;
  dataDir: string;
}): Promise<BackupManifest> {
  const manifest = await manifestToRestore(
    options,
    POSTGRES_DUMP,
    'is a backup of a SQLite install: restore it with DATABASE_URL unset, then move it with npm run db:copy.',
  );
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    const tables = await client.query(
      "select 1 from information_schema.tables where table_schema = current_schema() and table_name = 'kysely_migration'",
    );
    if (tables.rowCount) {
      throw new Error('The database DATABASE_URL names is not empty. Restore into a new, empty database.');
    }
  } finally {
    await client.end();
  }
  await run(findPostgresProgram('pg_restore'), [
    '--no-owner',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${options.databaseUrl}`,
    path.join(options.folder, POSTGRES_DUMP),
  ]).catch((error: Error & { stderr?: string }) => {
    throw new Error(`pg_restore failed: ${error.stderr?.trim() || error.message}`);
  });
  await restoreFilesOfBackup(options.folder, options.dataDir);
  return manifest;
}
