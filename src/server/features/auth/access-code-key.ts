import { createHmac, randomBytes } from 'node:crypto';
import type { DB } from '../../db/client';
import { isPostgres } from '../../db/dialect';
import { agreedInstanceValue } from '../../db/instance-checks';
import type { Config } from '../../platform/config';
import { holdsKeyedAccessCodeHashes } from './repo';
import { loadServerSecret, ServerSecretError } from './server-secret';

/**
 * The server secret personal access codes are hashed with (decision 0092), and the TOTP secrets,
 * recovery codes and unsubscribe links keyed from it: ACCESS_CODE_KEY, or DATA_DIR/access-code.key
 * (decision 0225).
 */
export const ACCESS_CODE_KEY_FILE = 'access-code.key';
export const ACCESS_CODE_KEY_ENV = 'ACCESS_CODE_KEY';
const KEY_BYTES = 32;

/**
 * The key from ACCESS_CODE_KEY (`fromEnv`, validated by config.ts) or DATA_DIR/access-code.key,
 * the file created at first start with 32 random bytes in base64.
 *
 * A missing key is created only while nothing depends on it: `holdsKeyedHashes` answers whether
 * the database already stores codes hashed with a key. Then the key was lost (a restore without
 * it, a deleted file) and a new one would silently lock every couple out, so start-up stops with a
 * message instead.
 */
export async function loadAccessCodeKey(
  dataDir: string,
  fromEnv: Buffer | undefined,
  holdsKeyedHashes: () => Promise<boolean>,
): Promise<{ value: Buffer; source: string }> {
  return loadServerSecret(dataDir, {
    file: ACCESS_CODE_KEY_FILE,
    env: { name: ACCESS_CODE_KEY_ENV, value: fromEnv },
    decode: (text, file) => {
      const key = Buffer.from(text, 'base64');
      if (key.length < KEY_BYTES) {
        throw new ServerSecretError(
          `${file} does not hold a key of ${KEY_BYTES} bytes in base64; restore it from a backup.`,
        );
      }
      return key;
    },
    generate: () => randomBytes(KEY_BYTES).toString('base64'),
    beforeCreate: async (file) => {
      if (await holdsKeyedHashes()) {
        throw new ServerSecretError(
          `${file} is missing, but the database holds access codes hashed with it. Restore the file from the backup of this DATA_DIR (it is not in the database) or set ${ACCESS_CODE_KEY_ENV} to it, or couples cannot sign in with their codes.`,
        );
      }
    },
  });
}

/**
 * Every process on one database must hash codes with the same key, or a code issued by one fails
 * on another (several processes on PostgreSQL; a changed ACCESS_CODE_KEY on either database). The
 * first start records the key's fingerprint (an HMAC of a fixed text, which does not reveal the
 * key); a process whose key differs refuses to start (decision 0179).
 */
export async function assertSharedAccessCodeKey(
  source: string,
  key: Buffer,
  agreedFingerprint: (fingerprint: string) => Promise<string>,
): Promise<void> {
  const fingerprint = createHmac('sha256', key).update('vows-and-weeks access-code key check').digest('base64url');
  if ((await agreedFingerprint(fingerprint)) !== fingerprint) {
    throw new ServerSecretError(
      `${source} differs from the key this database's access codes were made with (by another app process or an earlier start). Give every process the same key (the same ${ACCESS_CODE_KEY_ENV}, or a copy of the first process's ${ACCESS_CODE_KEY_FILE} in its DATA_DIR), or couples' codes will fail here.`,
    );
  }
}

/**
 * The key this process hashes codes with (createDeps, after migrating): loaded or created, and
 * held to the one recorded in the database wherever several processes may share it.
 */
export async function loadAgreedAccessCodeKey(config: Config, db: DB): Promise<Buffer> {
  const { value, source } = await loadAccessCodeKey(config.dataDir, config.accessCodeKey, () =>
    holdsKeyedAccessCodeHashes(db),
  );
  if (isPostgres(db) || source === ACCESS_CODE_KEY_ENV) {
    await assertSharedAccessCodeKey(source, value, (fingerprint) =>
      agreedInstanceValue(db, 'access-code-key', fingerprint),
    );
  }
  return value;
}
