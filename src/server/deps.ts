import type { Config } from './platform/config';
import type { DatabaseHandle, DB } from './db/client';
import { isPostgres } from './db/dialect';
import { assertSharedAccessCodeKey, loadAccessCodeKey } from './features/auth/access-code-key';
import { HashSlots } from './features/auth/passwords';
import { agreedInstanceValue, holdsKeyedAccessCodeHashes } from './features/auth/repo';
import { createSessionResolver, type SessionResolver } from './features/auth/sessions';
import { MailSignal } from './features/mail/signal';
import { createFileStore } from './files/create-file-store';
import type { FileStore } from './files/store';
import { createRateLimits, type RateLimits } from './rate-limiter';

/**
 * What services need: the configuration, the database, the session lookup, the rate limits, the
 * slots bounding password hashes at once, and the server secret personal access codes are hashed
 * with (DATA_DIR/access-code.key, decision 0092).
 */
export interface AppDeps {
  config: Config;
  db: DB;
  sessions: SessionResolver;
  rateLimits: RateLimits;
  passwordHashes: HashSlots;
  accessCodeKey: Buffer;
  /** Wakes this process's mail worker when a message is queued (features/mail). */
  mailSignal: MailSignal;
  /** Where the uploaded PDFs live: the PDF folder, or S3 when STORAGE_URL is set (decision 0170). */
  files: FileStore;
}

/**
 * The one way deps are built: by buildApp for the server, by runCli for the commands, after
 * migrating (the access-code key is created only while no stored code depends on it).
 */
export async function createDeps(config: Config, { db, changes }: DatabaseHandle): Promise<AppDeps> {
  const accessCodeKey = await loadAccessCodeKey(config.dataDir, () => holdsKeyedAccessCodeHashes(db));
  if (isPostgres(db)) {
    await assertSharedAccessCodeKey(config.dataDir, accessCodeKey, (fingerprint) =>
      agreedInstanceValue(db, 'access-code-key', fingerprint),
    );
  }
  return {
    config,
    db,
    sessions: createSessionResolver(db, changes),
    rateLimits: createRateLimits(config, db),
    passwordHashes: new HashSlots(config.passwordHashing.concurrency, config.passwordHashing.queue),
    accessCodeKey,
    mailSignal: new MailSignal(),
    files: await createFileStore(config),
  };
}
