import type { DatabaseHandle } from './db/client';
import { isPostgres } from './db/dialect';
import type { AppDeps } from './deps/app-deps';
import { HashSlots } from './deps/hash-slots';
import { MailSignal } from './deps/mail-signal';
import { createRateLimits } from './deps/rate-limiter';
import { ACCESS_CODE_KEY_ENV, assertSharedAccessCodeKey, loadAccessCodeKey } from './features/auth/access-code-key';
import { agreedInstanceValue, holdsKeyedAccessCodeHashes } from './features/auth/repo';
import { createSessionResolver } from './features/auth/sessions';
import { createFileStore } from './files/create-file-store';
import type { Config } from './platform/config';

/**
 * The one way deps are built: by buildApp for the server, by runCli for the commands, after
 * migrating (the access-code key is created only while no stored code depends on it).
 */
export async function createDeps(config: Config, { db, changes }: DatabaseHandle): Promise<AppDeps> {
  const { value: accessCodeKey, source } = await loadAccessCodeKey(config.dataDir, config.accessCodeKey, () =>
    holdsKeyedAccessCodeHashes(db),
  );
  if (isPostgres(db) || source === ACCESS_CODE_KEY_ENV) {
    await assertSharedAccessCodeKey(source, accessCodeKey, (fingerprint) =>
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
