import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';

/** A server secret cannot be used: the server must not start (decision 0225). */
export class ServerSecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServerSecretError';
  }
}

/** A secret kept outside the database: an environment variable, or else a file in DATA_DIR. */
export interface ServerSecret<T> {
  file: string;
  /** The variable that replaces the file, and its value as config.ts validated it (undefined: unset). */
  env: { name: string; value: T | undefined };
  /** The file's text as the secret; throws ServerSecretError when it holds none. */
  decode: (text: string, file: string) => T;
  /** A new secret's text, written to the file at first start. */
  generate: () => string;
  /** Throws when a new secret must not be made (data kept under the lost one would be locked out). */
  beforeCreate: (file: string) => Promise<void>;
}

/**
 * A server secret from the environment when its variable is set (the file is then never created,
 * so several processes or a container platform need no copied file), else from DATA_DIR/<file>,
 * created at first start. When both are there and differ, start-up stops: either choice could lock
 * out what the other one keyed. `source` names where the secret came from, for messages.
 *
 * A new file is written to a temporary name, flushed and linked into place, mode 0600, so two
 * processes starting at once agree on one secret and nobody reads half a file.
 */
export async function loadServerSecret<T>(
  dataDir: string,
  secret: ServerSecret<T>,
): Promise<{ value: T; source: string }> {
  const file = path.join(dataDir, secret.file);
  const fromFile = readSecretFile(file, secret.decode);
  const fromEnv = secret.env.value;
  if (fromEnv !== undefined) {
    if (fromFile !== undefined && !isDeepStrictEqual(fromEnv, fromFile)) {
      throw new ServerSecretError(
        `${secret.env.name} and ${file} hold different secrets, and the server will not guess which one the stored data needs. Set ${secret.env.name} to the file's contents, or remove the file if ${secret.env.name} is the right one.`,
      );
    }
    return { value: fromEnv, source: secret.env.name };
  }
  if (fromFile !== undefined) return { value: fromFile, source: file };
  await secret.beforeCreate(file);
  fs.mkdirSync(dataDir, { recursive: true });
  const temporary = path.join(dataDir, `.${secret.file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const fd = fs.openSync(temporary, 'wx', 0o600);
  try {
    fs.writeSync(fd, `${secret.generate()}\n`);
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
  const created = readSecretFile(file, secret.decode);
  if (created === undefined) throw new ServerSecretError(`${file} could not be created.`);
  return { value: created, source: file };
}

function readSecretFile<T>(file: string, decode: (text: string, file: string) => T): T | undefined {
  // Never deleted by the app: a file seen here is still there to read.
  return fs.existsSync(file) ? decode(fs.readFileSync(file, 'utf8').trim(), file) : undefined;
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
