import {
  createHash,
  createHmac,
  randomBytes,
  scrypt as scryptCallback,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto';
import { typedCodeSymbols } from '../../../shared/typed-code';
import type { HashSlots } from '../../deps/hash-slots';
import { FULL_SCRYPT, type ScryptParams } from '../../platform/config';
import { randomSymbols } from '../../platform/random-symbols';

/**
 * Hashes are stored with their parameters (`scrypt$N$r$p$salt$hash`): new ones at the configured
 * cost (`config.passwordHashing.scrypt`, FULL_SCRYPT unless in the test suite), and any stored one
 * verified at its own.
 */
export const DEFAULT_SCRYPT = FULL_SCRYPT;
const KEY_LENGTH = 32;

export type { ScryptParams };

function scrypt(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashSecret(secret: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(secret, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * Hashes nobody's secret matches, one per cost, verified for unknown users so their timing matches a
 * wrong secret of an account hashed at that cost.
 */
const dummyHashes = new Map<string, Promise<string>>();
function getDummyHash(params: ScryptParams): Promise<string> {
  const key = `${params.N}$${params.r}$${params.p}`;
  let hash = dummyHashes.get(key);
  if (!hash) {
    hash = hashSecret(randomBytes(16).toString('hex'), params);
    dummyHashes.set(key, hash);
  }
  return hash;
}

/**
 * Constant-time check of a secret against a stored hash. With no stored hash it still does the same
 * work against a dummy hash at `cost` (the configured one) and answers false, so "unknown user" and
 * "wrong password" look alike.
 */
export async function verifySecret(
  secret: string,
  stored: string | null | undefined,
  cost: ScryptParams = DEFAULT_SCRYPT,
): Promise<boolean> {
  const parsed = parseHash(stored ?? (await getDummyHash(cost)));
  if (!parsed) return false;
  const key = await scrypt(secret, parsed.salt, parsed.params);
  return stored != null && key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

function parseHash(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const [algorithm, N, r, p, salt, key] = stored.split('$');
  if (algorithm !== 'scrypt' || !N || !r || !p || !salt || !key) return null;
  return {
    params: { N: Number(N), r: Number(r), p: Number(p) },
    salt: Buffer.from(salt, 'base64'),
    key: Buffer.from(key, 'base64'),
  };
}

/** Unambiguous alphabet for personal access codes (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A personal access code `XXXX-XXXX-XXXX`: 12 symbols of 31, about 59 bits. */
export function generateAccessCode(): string {
  const symbols = randomSymbols(CODE_ALPHABET, 12);
  return `${symbols.slice(0, 4)}-${symbols.slice(4, 8)}-${symbols.slice(8)}`;
}

/**
 * Codes are compared as people type them: letter case, spaces and dashes (or the dash a phone's
 * keyboard makes of a hyphen) do not matter. Twelve symbols are put back in a personal code's
 * `XXXX-XXXX-XXXX` groups, the form its keyed hash was made of.
 */
export function normalizeAccessCode(code: string): string {
  const symbols = typedCodeSymbols(code);
  return symbols.length === 12 ? `${symbols.slice(0, 4)}-${symbols.slice(4, 8)}-${symbols.slice(8)}` : symbols;
}

export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * Personal access codes are random (about 59 bits), so they need no slow hash: a keyed one
 * (HMAC-SHA-256 with a server secret kept outside the database, `accessCodeKey`) makes a stolen
 * database useless for guessing them, and costs microseconds instead of scrypt's 128 MiB
 * (decision 0092). Stored as `hmac-sha256$<base64>`, of the normalized code (typing is forgiving).
 */
export const ACCESS_CODE_HASH_PREFIX = 'hmac-sha256$';

function accessCodeDigest(code: string, key: Buffer): Buffer {
  return createHmac('sha256', key).update(normalizeAccessCode(code)).digest();
}

export function hashAccessCode(code: string, key: Buffer): string {
  return ACCESS_CODE_HASH_PREFIX + accessCodeDigest(code, key).toString('base64');
}

/** A digest no code matches, compared when there is nothing to compare, so the work is the same. */
const NO_CODE_DIGEST = randomBytes(32);

/** What checking a code may need: the key, and the slots for an older scrypt hash. */
export interface AccessCodeSecrets {
  accessCodeKey: Buffer;
  passwordHashes: HashSlots;
}

/**
 * Checks a typed access code against a stored hash, dispatching on its prefix: the keyed hash, or
 * an scrypt hash stored before decision 0092 (still accepted, within the hash slots, until the
 * account's next code is issued). With no stored hash (unknown email) it still computes and
 * compares an HMAC, the work of a wrong code, and answers false.
 */
export async function verifyAccessCode(
  code: string,
  stored: string | null | undefined,
  secrets: AccessCodeSecrets,
): Promise<boolean> {
  if (stored?.startsWith('scrypt$')) {
    return secrets.passwordHashes.run(() => verifySecret(normalizeAccessCode(code), stored));
  }
  const digest = accessCodeDigest(code, secrets.accessCodeKey);
  const expected = stored?.startsWith(ACCESS_CODE_HASH_PREFIX)
    ? Buffer.from(stored.slice(ACCESS_CODE_HASH_PREFIX.length), 'base64')
    : undefined;
  const comparable = expected?.length === digest.length;
  const same = timingSafeEqual(digest, comparable ? expected! : NO_CODE_DIGEST);
  return same && comparable;
}

/**
 * Constant-time equality of two short secrets (the shared trial and demo codes from the
 * configuration): both sides are hashed first, so neither length nor content leaks through timing.
 */
export function sameSecret(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(a), digest(b));
}
