import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import pg from 'pg';
import { findPostgresProgram } from '../../db/postgres-tools';
import { ensurePrivateDir, ensurePrivateFile, writePrivateFile } from '../../platform/private-files';
import {
  BACKUP_PREFIX,
  type BackupManifest,
  COUNTED_TABLES,
  copyAccessCodeKey,
  copyPdfsIntoBackup,
  MANIFEST,
  pruneBackups,
  restoreFilesOfBackup,
  stamp,
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
export async function createPostgresBackup(options: {
  databaseUrl: string;
  dataDir: string;
  pdfDir: string;
  /** Reads a stored PDF from object storage (STORAGE_URL); unset: the PDFs are in pdfDir. */
  openPdf?: (fileName: string) => Promise<Readable | null>;
  backupDir: string;
  accessCodeKey?: Buffer | undefined;
  keep?: number;
  now?: Date;
}): Promise<{ folder: string; manifest: BackupManifest }> {
  await ensurePrivateDir(options.backupDir);
  const name = `${BACKUP_PREFIX}${stamp(options.now)}`;
  const partial = path.join(options.backupDir, `.${name}.partial`);
  const folder = path.join(options.backupDir, name);
  await fs.rm(partial, { recursive: true, force: true });
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    await ensurePrivateDir(partial);
    await ensurePrivateDir(path.join(partial, 'pdfs'));
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
    const files = (await client.query<{ file_name: string }>('select file_name from frameworks')).rows;
    const counts: Record<string, number> = {};
    for (const table of COUNTED_TABLES) {
      counts[table] = Number((await client.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]!.n);
    }
    const dump = path.join(partial, POSTGRES_DUMP);
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
    await copyPdfsIntoBackup(
      files.map((file) => file.file_name),
      options,
      partial,
    );
    const manifest: BackupManifest = {
      createdAt: (options.now ?? new Date()).toISOString(),
      database: POSTGRES_DUMP,
      pdfCount: files.length,
      counts,
    };
    await copyAccessCodeKey(options.dataDir, partial, options.accessCodeKey);
    await writePrivateFile(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await fs.rename(partial, folder);
    await pruneBackups(options.backupDir, options.keep ?? 14);
    return { folder, manifest };
  } catch (error) {
    await fs.rm(partial, { recursive: true, force: true });
    throw error;
  } finally {
    await client.end();
  }
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
  const manifestText = await fs.readFile(path.join(options.folder, MANIFEST), 'utf8').catch(() => {
    throw new Error(`${options.folder} is not a backup folder (no ${MANIFEST}).`);
  });
  const manifest = JSON.parse(manifestText) as BackupManifest;
  if (manifest.database !== POSTGRES_DUMP) {
    throw new Error(
      `${options.folder} is a backup of a SQLite install: restore it with DATABASE_URL unset, then move it with npm run db:copy.`,
    );
  }
  const existing = await fs.readdir(options.dataDir).catch(() => [] as string[]);
  if (existing.length > 0) {
    throw new Error(`${options.dataDir} is not empty. Restore into an empty data directory (set DATA_DIR).`);
  }
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
