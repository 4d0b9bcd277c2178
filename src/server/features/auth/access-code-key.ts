import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The server secret personal access codes are hashed with (decision 0092), in DATA_DIR. */
export const ACCESS_CODE_KEY_FILE = 'access-code.key';
const KEY_BYTES = 32;

/** The key file cannot be used: the server must not start (a new key would lock every couple out). */
export class AccessCodeKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AccessCodeKeyError';
  }
}

/**
 * Reads `DATA_DIR/access-code.key`, creating it at first start: 32 random bytes in base64, mode
 * 0600, written to a temporary file, flushed and linked into place, so two processes starting at
 * once (the server and the order command) agree on one key and nobody reads half a file.
 *
 * A missing key is created only while nothing depends on it: `holdsKeyedHashes` answers whether
 * the database already stores codes hashed with a key. Then the key was lost (a restore without
 * it, a deleted file) and a new one would silently lock every couple out, so start-up stops with a
 * message instead.
 */
export async function loadAccessCodeKey(dataDir: string, holdsKeyedHashes: () => Promise<boolean>): Promise<Buffer> {
  const file = path.join(dataDir, ACCESS_CODE_KEY_FILE);
  const existing = readKey(file);
  if (existing) return existing;
  if (await holdsKeyedHashes()) {
    throw new AccessCodeKeyError(
      `${file} is missing, but the database holds access codes hashed with it. Restore the file from the backup of this DATA_DIR (it is not in the database), or couples cannot sign in with their codes.`,
    );
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const temporary = path.join(dataDir, `.${ACCESS_CODE_KEY_FILE}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const fd = fs.openSync(temporary, 'wx', 0o600);
  try {
    fs.writeSync(fd, `${randomBytes(KEY_BYTES).toString('base64')}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.linkSync(temporary, file);
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  syncDirectory(dataDir);
  const created = readKey(file);
  if (!created) throw new AccessCodeKeyError(`${file} could not be created.`);
  return created;
}

/**
 * On PostgreSQL several processes share one database, each with a DATA_DIR of its own: all of them
 * must hash codes with the same key, or a code issued by one fails on another. The first process
 * records the key's fingerprint (an HMAC of a fixed text, which does not reveal the key); a process
 * whose key differs refuses to start, saying which file to copy (decision 0179).
 */
export async function assertSharedAccessCodeKey(
  dataDir: string,
  key: Buffer,
  agreedFingerprint: (fingerprint: string) => Promise<string>,
): Promise<void> {
  const fingerprint = createHmac('sha256', key).update('vows-and-weeks access-code key check').digest('base64url');
  if ((await agreedFingerprint(fingerprint)) !== fingerprint) {
    throw new AccessCodeKeyError(
      `${path.join(dataDir, ACCESS_CODE_KEY_FILE)} differs from the key the other app processes on this database use. Copy their ${ACCESS_CODE_KEY_FILE} into this DATA_DIR (every process needs the same one), or couples' codes will fail here.`,
    );
  }
}

function readKey(file: string): Buffer | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length < KEY_BYTES) {
    throw new AccessCodeKeyError(
      `${file} does not hold a key of ${KEY_BYTES} bytes in base64; restore it from a backup.`,
    );
  }
  return key;
}

function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Some file systems cannot fsync a directory; the file itself is flushed.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
