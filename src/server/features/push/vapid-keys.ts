import { createECDH, generateKeyPairSync } from 'node:crypto';
import type { DB } from '../../db/client';
import { isPostgres } from '../../db/dialect';
import { agreedInstanceValue } from '../../db/instance-checks';
import type { VapidKeys } from '../../deps/app-deps';
import type { Config } from '../../platform/config';
import { loadServerSecret, ServerSecretError } from '../auth/server-secret';
import { deleteAllSubscriptions } from './repo';

/**
 * The server's VAPID key pair (RFC 8292, decision 0270): browsers bind each push subscription to
 * its public key, and every push is signed with its private key. Kept like the other server
 * secrets (decision 0225): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or DATA_DIR/vapid-keys.json,
 * created at first start.
 */
export const VAPID_KEYS_FILE = 'vapid-keys.json';
export const VAPID_KEYS_ENV = 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY';

export type { VapidKeys };

/** A new key pair (the private scalar always 32 bytes, as JWK gives it). */
export function generateVapidKeys(): VapidKeys {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]);
  return { publicKey: point.toString('base64url'), privateKey: jwk.d! };
}

/** Throws ServerSecretError unless the private key is the public key's (a mixed-up pair signs nothing valid). */
export function assertVapidPair(keys: VapidKeys, source: string): void {
  let derived: string;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
    derived = ecdh.getPublicKey().toString('base64url');
  } catch {
    throw new ServerSecretError(`${source} does not hold a valid P-256 private key.`);
  }
  if (derived !== keys.publicKey) {
    throw new ServerSecretError(
      `${source}: the VAPID private key does not belong to the public key. Set both from the same pair (npx web-push generate-vapid-keys makes one).`,
    );
  }
}

/**
 * The key pair from the environment (`fromEnv`, validated by config.ts) or DATA_DIR/vapid-keys.json.
 * A new pair is made only when there is none; `forgetSubscriptions` then removes the devices
 * subscribed with a lost pair (a restore without the file): push services refuse every message
 * signed with another key, so those devices could never be reached, and Profile offers to turn
 * push on again.
 */
export async function loadVapidKeys(
  dataDir: string,
  fromEnv: VapidKeys | undefined,
  forgetSubscriptions: () => Promise<void>,
): Promise<{ value: VapidKeys; source: string }> {
  const loaded = await loadServerSecret<VapidKeys>(dataDir, {
    file: VAPID_KEYS_FILE,
    env: { name: VAPID_KEYS_ENV, value: fromEnv },
    decode: (text, file) => {
      try {
        const parsed = JSON.parse(text) as Partial<VapidKeys>;
        if (typeof parsed.publicKey === 'string' && typeof parsed.privateKey === 'string') {
          return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
        }
      } catch {
        // Reported below.
      }
      throw new ServerSecretError(
        `${file} does not hold a VAPID key pair ({"publicKey": ..., "privateKey": ...}); restore it from a backup or remove it to make a new one (devices then turn push on again).`,
      );
    },
    generate: () => JSON.stringify(generateVapidKeys()),
    beforeCreate: forgetSubscriptions,
  });
  assertVapidPair(loaded.value, loaded.source);
  return loaded;
}

/**
 * The pair this process signs pushes with (createDeps, after migrating). Every process must sign
 * with the pair the devices subscribed with (decision 0270): held to the public key recorded in the
 * database wherever several processes may share it.
 */
export async function loadAgreedVapidKeys(config: Config, db: DB): Promise<VapidKeys> {
  const vapid = await loadVapidKeys(config.dataDir, config.push.vapidKeys, () => deleteAllSubscriptions(db));
  if (isPostgres(db) || vapid.source === VAPID_KEYS_ENV) {
    const agreed = await agreedInstanceValue(db, 'vapid-public-key', vapid.value.publicKey);
    if (agreed !== vapid.value.publicKey) {
      throw new ServerSecretError(
        `${vapid.source} holds another VAPID key pair than the one this database's push devices subscribed with (by another app process or an earlier start). Give every process the same pair (the same VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or a copy of the first process's vapid-keys.json in its DATA_DIR).`,
      );
    }
  }
  return vapid.value;
}
