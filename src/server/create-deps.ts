import type { DatabaseHandle } from './db/client';
import { isPostgres } from './db/dialect';
import type { AppDeps } from './deps/app-deps';
import { HashSlots } from './deps/hash-slots';
import { MailSignal } from './deps/mail-signal';
import { createRateLimits } from './deps/rate-limiter';
import { ACCESS_CODE_KEY_ENV, assertSharedAccessCodeKey, loadAccessCodeKey } from './features/auth/access-code-key';
import { agreedInstanceValue, holdsKeyedAccessCodeHashes } from './features/auth/repo';
import { ServerSecretError } from './features/auth/server-secret';
import { createSessionResolver } from './features/auth/sessions';
import { createFileStore } from './files/create-file-store';
import type { Config } from './platform/config';
import { deleteAllSubscriptions } from './features/push/repo';
import { loadVapidKeys, VAPID_KEYS_ENV } from './features/push/vapid-keys';

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
  const vapid = await loadVapidKeys(config.dataDir, config.push.vapidKeys, () => deleteAllSubscriptions(db));
  if (isPostgres(db) || vapid.source === VAPID_KEYS_ENV) {
    // Every process must sign pushes with the key the devices subscribed with (decision 0270).
    const agreed = await agreedInstanceValue(db, 'vapid-public-key', vapid.value.publicKey);
    if (agreed !== vapid.value.publicKey) {
      throw new ServerSecretError(
        `${vapid.source} holds another VAPID key pair than the one this database's push devices subscribed with (by another app process or an earlier start). Give every process the same pair (the same VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or a copy of the first process's vapid-keys.json in its DATA_DIR).`,
      );
    }
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
    vapid: vapid.value,
  };
}
