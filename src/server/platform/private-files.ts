import fs from 'node:fs';
import fsp from 'node:fs/promises';

/**
 * Everything the app keeps on disk (the database and its WAL and shared-memory files, uploaded
 * PDFs, the workbook cache, snapshots, backups) holds emails, answers and password hashes: it is
 * for the server's own user only. Folders are 0700 and files 0600, set explicitly rather than left
 * to the process umask (which usually makes them 0755 and 0644, readable by every local user).
 * Every file and folder the app creates goes through these helpers (decision 0096).
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates `dir` (and any missing parent, 0700 too) and makes `dir` itself 0700, also when it
 * existed already with a wider mode.
 */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await fsp.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await fsp.chmod(dir, PRIVATE_DIR_MODE);
}

/** ensurePrivateDir for start-up code that is synchronous (opening the database). */
export function ensurePrivateDirSync(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

/**
 * Makes sure `file` exists and is 0600 before another library (SQLite) opens it: SQLite creates a
 * new database 0644 under the usual umask, but keeps the mode of a file that exists, and gives its
 * -wal, -shm and -journal files the main file's mode. An existing file keeps its contents.
 */
export function ensurePrivateFileSync(file: string): void {
  const fd = fs.openSync(file, 'a', PRIVATE_FILE_MODE);
  try {
    fs.fchmodSync(fd, PRIVATE_FILE_MODE);
  } finally {
    fs.closeSync(fd);
  }
}

/** ensurePrivateFileSync for async code (a snapshot or backup target, before SQLite writes it). */
export async function ensurePrivateFile(file: string): Promise<void> {
  const handle = await fsp.open(file, 'a', PRIVATE_FILE_MODE);
  try {
    await handle.chmod(PRIVATE_FILE_MODE);
  } finally {
    await handle.close();
  }
}

/**
 * Opens a new file for writing, 0600 whatever the umask; `wx` (the default) refuses an existing
 * name. The caller closes the handle.
 */
export async function openPrivateFile(file: string, flags: 'w' | 'wx' = 'wx'): Promise<fsp.FileHandle> {
  const handle = await fsp.open(file, flags, PRIVATE_FILE_MODE);
  try {
    await handle.chmod(PRIVATE_FILE_MODE);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

/** Writes `data` to `file` (created or replaced), 0600 whatever the umask. */
export async function writePrivateFile(file: string, data: string | Uint8Array): Promise<void> {
  const handle = await openPrivateFile(file, 'w');
  try {
    await handle.writeFile(data);
  } finally {
    await handle.close();
  }
}

/** Copies `source` to a new `target`, 0600 whatever the source's mode or the umask. */
export async function copyPrivateFile(source: string, target: string): Promise<void> {
  await fsp.copyFile(source, target, fs.constants.COPYFILE_EXCL);
  await fsp.chmod(target, PRIVATE_FILE_MODE);
}

/** Makes an existing file 0600; nothing when it is not there. */
export function restrictIfPresentSync(file: string): void {
  try {
    fs.chmodSync(file, PRIVATE_FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
