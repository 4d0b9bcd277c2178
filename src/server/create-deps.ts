import type { DatabaseHandle } from './db/client';
import type { AppDeps } from './deps/app-deps';
import { HashSlots } from './deps/hash-slots';
import { MailSignal } from './deps/mail-signal';
import { createRateLimits } from './deps/rate-limiter';
import { loadAgreedAccessCodeKey } from './features/auth/access-code-key';
import { createSessionResolver } from './features/auth/sessions';
import { createFileStore } from './files/create-file-store';
import type { Config } from './platform/config';
import { loadAgreedVapidKeys } from './features/push/vapid-keys';

/**
 * The one way deps are built: by buildApp for the server, by runCli for the commands, after
 * migrating (the access-code key is created only while no stored code depends on it).
 */
export async function createDeps(config: Config, { db, changes }: DatabaseHandle): Promise<AppDeps> {
  const accessCodeKey = await loadAgreedAccessCodeKey(config, db);
  const vapid = await loadAgreedVapidKeys(config, db);
  return {
    config,
    db,
    sessions: createSessionResolver(db, changes),
    rateLimits: createRateLimits(config, db),
    passwordHashes: new HashSlots(config.passwordHashing.concurrency, config.passwordHashing.queue),
    accessCodeKey,
    mailSignal: new MailSignal(),
    files: await createFileStore(config),
    vapid,
  };
}
