import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import type { DatabaseHandle } from '../../db/client';
import type { FileStore } from '../../files/store';
import { migrateToLatest } from '../../db/migrate';
import {
  copyPrivateFile,
  ensurePrivateDir,
  ensurePrivateFile,
  openPrivateFile,
  writePrivateFile,
} from '../../platform/private-files';
import { ACCESS_CODE_KEY_FILE } from '../auth/access-code-key';
import { VAPID_KEYS_FILE } from '../push/vapid-keys';

export const BACKUP_PREFIX = 'backup-';
export const MANIFEST = 'manifest.json';

export interface BackupManifest {
  createdAt: string;
  database: string;
  pdfCount: number;
  counts: Record<string, number>;
}

export function stamp(date = new Date()): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

/** The main tables, whose row counts a backup's manifest records. */
export const COUNTED_TABLES = [
  'couples',
  'accounts',
  'orders',
  'frameworks',
  'progress',
  'workbook_responses',
  'week_summaries',
  'contact_messages',
  'week_contents',
  'site_pages',
] as const;

/** Row counts of the main tables, to print and to compare after a restore. */
export function countRows(database: SQLite.Database): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    const row = database.prepare(`select count(*) as n from ${table}`).get() as { n: number } | undefined;
    counts[table] = row?.n ?? 0;
  }
  return counts;
}

/** Where a backup goes and what it copies besides the database. */
export interface BackupTarget {
  pdfDir: string;
  /**
   * Opens a stored PDF when the PDFs are not in `pdfDir` (S3, decision 0170): each is downloaded
   * into the backup's pdfs folder. Null means the file is not stored.
   */
  openPdf?: (fileName: string) => Promise<Readable | null>;
  backupDir: string;
  /** ACCESS_CODE_KEY when set: written into the backup instead of DATA_DIR's key file. */
  accessCodeKey?: Buffer | undefined;
  keep?: number;
  now?: Date;
}

/** What a backup's database step wrote: its file's name, and the PDFs and row counts of its snapshot. */
interface DatabaseCopy {
  database: string;
  pdfs: string[];
  counts: Record<string, number>;
}

/**
 * Writes a backup folder: the database (`copyDatabase`, into the folder), then every PDF its
 * snapshot refers to, the keys of `dataDir` and the manifest. The folder is written under a
 * temporary name and renamed when complete, so a half-made backup never looks like a backup. Keeps
 * the newest `keep` backups. Every folder is 0700 and every file 0600, like DATA_DIR (decision 0096).
 */
export async function writeBackup(
  target: BackupTarget,
  dataDir: string,
  copyDatabase: (folder: string) => Promise<DatabaseCopy>,
): Promise<{ folder: string; manifest: BackupManifest }> {
  await ensurePrivateDir(target.backupDir);
  const name = `${BACKUP_PREFIX}${stamp(target.now)}`;
  const partial = path.join(target.backupDir, `.${name}.partial`);
  const folder = path.join(target.backupDir, name);
  await fs.rm(partial, { recursive: true, force: true });
  try {
    await ensurePrivateDir(partial);
    await ensurePrivateDir(path.join(partial, 'pdfs'));
    const { database, pdfs, counts } = await copyDatabase(partial);
    await copyPdfsIntoBackup(pdfs, target, partial);
    const manifest: BackupManifest = {
      createdAt: (target.now ?? new Date()).toISOString(),
      database,
      pdfCount: pdfs.length,
      counts,
    };
    // The key that personal access codes are hashed with: without it no stored code can be checked.
    await copyAccessCodeKey(dataDir, partial, target.accessCodeKey);
    await writePrivateFile(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await fs.rename(partial, folder);
    await pruneBackups(target.backupDir, target.keep ?? 14);
    return { folder, manifest };
  } catch (error) {
    await fs.rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/** An online backup: SQLite's backup API copies a consistent snapshot while the server keeps writing. */
export async function createBackup(
  options: BackupTarget & { databaseFile: string },
): Promise<{ folder: string; manifest: BackupManifest }> {
  return writeBackup(options, path.dirname(options.databaseFile), async (folder) => {
    const copyFile = path.join(folder, 'app.sqlite');
    await ensurePrivateFile(copyFile);
    const live = new SQLite(options.databaseFile, { fileMustExist: true });
    try {
      live.pragma('busy_timeout = 5000');
      // After the first step, copy every remaining page in one step: SQLite restarts an online
      // backup whenever another connection writes between steps, so small steps under a steady
      // stream of writes (the app keeps running) could restart for ever on a database of a few MB.
      await live.backup(copyFile, { progress: ({ totalPages }) => totalPages });
    } finally {
      live.close();
    }
    const copy = new SQLite(copyFile);
    try {
      const files = copy.prepare('select file_name from frameworks').all() as { file_name: string }[];
      copy.pragma('journal_mode = DELETE');
      return { database: 'app.sqlite', pdfs: files.map((file) => file.file_name), counts: countRows(copy) };
    } finally {
      copy.close();
    }
  });
}

/**
 * Copies the PDFs a backup's database names into its `pdfs` folder, from the PDF folder or, with
 * `openPdf`, from object storage. A week replaced during the backup has its old file removed while
 * the snapshot still names it: that asks for the backup to be run again.
 */
export async function copyPdfsIntoBackup(
  fileNames: string[],
  source: { pdfDir: string; openPdf?: (fileName: string) => Promise<Readable | null> },
  folder: string,
): Promise<void> {
  for (const fileName of fileNames) {
    const target = path.join(folder, 'pdfs', path.basename(fileName));
    const copied = source.openPdf
      ? downloadPdf(source.openPdf, fileName, target)
      : copyPrivateFile(path.join(source.pdfDir, fileName), target);
    await copied.catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT')
        throw new Error(`The PDF ${fileName} changed during the backup; please run the backup again.`);
      throw error;
    });
  }
}

/**
 * The key personal access codes are hashed with, copied from one folder to another when there is
 * one; a key from the environment (`fromEnv`, ACCESS_CODE_KEY) is written as the key file instead.
 * The VAPID key pair's file goes with it when there is one (decision 0270: without it every device
 * would have to turn push on again).
 */
export async function copyAccessCodeKey(fromDir: string, toDir: string, fromEnv?: Buffer): Promise<void> {
  const copyIfThere = (file: string) =>
    copyPrivateFile(path.join(fromDir, file), path.join(toDir, file)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  await copyIfThere(VAPID_KEYS_FILE);
  if (fromEnv) return writePrivateFile(path.join(toDir, ACCESS_CODE_KEY_FILE), `${fromEnv.toString('base64')}\n`);
  await copyIfThere(ACCESS_CODE_KEY_FILE);
}

/** A restore's files beside the database: the PDFs and the access-code key, into a private DATA_DIR. */
export async function restoreFilesOfBackup(folder: string, dataDir: string): Promise<void> {
  await ensurePrivateDir(dataDir);
  await ensurePrivateDir(path.join(dataDir, 'pdfs'));
  for (const name of await fs.readdir(path.join(folder, 'pdfs'))) {
    await copyPrivateFile(path.join(folder, 'pdfs', name), path.join(dataDir, 'pdfs', name));
  }
  await copyAccessCodeKey(folder, dataDir);
}

/** Writes a stored PDF into the backup; a missing one fails like a missing file (ENOENT). */
async function downloadPdf(
  openPdf: (fileName: string) => Promise<Readable | null>,
  fileName: string,
  target: string,
): Promise<void> {
  const source = await openPdf(fileName);
  if (!source) throw Object.assign(new Error(`${fileName} is not stored`), { code: 'ENOENT' });
  const handle = await openPrivateFile(target);
  await pipeline(source, handle.createWriteStream());
}

export async function pruneBackups(backupDir: string, keep: number): Promise<void> {
  const names = (await fs.readdir(backupDir)).filter((n) => n.startsWith(BACKUP_PREFIX)).sort();
  for (const old of names.slice(0, Math.max(0, names.length - keep))) {
    await fs.rm(path.join(backupDir, old), { recursive: true, force: true });
  }
}

/**
 * The manifest of a backup folder to restore into the empty (or missing) `dataDir`; refused when
 * the folder is no backup, a backup of the other database (`database`: the file it must name;
 * `otherwise`: what the refusal says then), or `dataDir` holds anything.
 */
export async function manifestToRestore(
  { folder, dataDir }: { folder: string; dataDir: string },
  database: string,
  otherwise: string,
): Promise<BackupManifest> {
  const manifestText = await fs.readFile(path.join(folder, MANIFEST), 'utf8').catch(() => {
    throw new Error(`${folder} is not a backup folder (no ${MANIFEST}).`);
  });
  const manifest = JSON.parse(manifestText) as BackupManifest;
  if (manifest.database !== database) throw new Error(`${folder} ${otherwise}`);
  const existing = await fs.readdir(dataDir).catch(() => [] as string[]);
  if (existing.length > 0) {
    throw new Error(`${dataDir} is not empty. Restore into an empty data directory (set DATA_DIR).`);
  }
  return manifest;
}

/**
 * Restores a backup folder into an empty (or missing) data directory: the database, after an
 * integrity check, and the PDFs. Refuses to overwrite anything. The data directory and everything
 * restored into it are private (0700 folders, 0600 files), whatever the backup's own modes.
 */
export async function restoreBackup(options: { folder: string; dataDir: string }): Promise<BackupManifest> {
  const manifest = await manifestToRestore(
    options,
    'app.sqlite',
    'is a backup of a PostgreSQL install: restore it with DATABASE_URL set.',
  );
  const source = path.join(options.folder, 'app.sqlite');
  const check = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    const result = check.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new Error(`The backup database failed its integrity check: ${String(result)}`);
  } finally {
    check.close();
  }
  await restoreFilesOfBackup(options.folder, options.dataDir);
  await copyPrivateFile(source, path.join(options.dataDir, 'app.sqlite'));
  return manifest;
}

/**
 * After a restore with STORAGE_URL set (decision 0170): writes the restored PDFs from the PDF
 * folder into the bucket, each removed from the folder once stored. Answers how many were stored;
 * on local disk there is nothing to do (they are already where the server reads them).
 */
export async function storeRestoredPdfs(pdfDir: string, files: FileStore): Promise<number> {
  if (files.kind === 'local') return 0;
  const names = (await fs.readdir(pdfDir).catch(() => [] as string[])).filter((name) => name.endsWith('.pdf'));
  for (const name of names) {
    const file = path.join(pdfDir, name);
    await files.put(file, name, (await fs.stat(file)).size);
    await fs.rm(file, { force: true });
  }
  return names.length;
}

/** A copy of the database file taken before migrations change an existing schema. */
export async function snapshotBeforeMigration(database: SQLite.Database, dataDir: string, keep = 5): Promise<string> {
  const dir = path.join(dataDir, 'snapshots');
  await ensurePrivateDir(dir);
  const file = path.join(
    dir,
    `pre-migration-${new Date().toISOString().replace(/[-:.]/g, '')}-${process.hrtime.bigint()}.sqlite`,
  );
  await ensurePrivateFile(file);
  await database.backup(file);
  const names = (await fs.readdir(dir)).filter((n) => n.startsWith('pre-migration-')).sort();
  for (const old of names.slice(0, Math.max(0, names.length - keep))) await fs.rm(path.join(dir, old), { force: true });
  return file;
}

/**
 * Brings the database to the latest schema, the one way the server and the command-line tasks
 * (the order command, `npm run db:migrate`) both do it: when pending migrations are about to change
 * an existing schema, a snapshot of the file is taken first.
 */
export async function migrateWithSnapshot(database: DatabaseHandle, dataDir: string): Promise<void> {
  // PostgreSQL's DDL is transactional and its backups are the database's own tools (docs/operations.md,
  // "Backups and restores"): no file to snapshot.
  const sqlite = database.sqlite;
  await migrateToLatest(
    database.db,
    undefined,
    sqlite
      ? async () => {
          await snapshotBeforeMigration(sqlite, dataDir);
        }
      : undefined,
  );
}
