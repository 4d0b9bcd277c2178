import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt at OWASP's recommended parameters (N=2^17, r=8, p=1). The parameters are stored with each
 * hash (`scrypt$N$r$p$salt$hash`), so they can be raised later without invalidating old hashes.
 */
export const DEFAULT_SCRYPT = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

export type ScryptParams = { N: number; r: number; p: number };

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

/** A hash nobody's secret matches, verified for unknown users so their timing matches a wrong secret. */
let dummyHash: Promise<string> | undefined;
function getDummyHash(): Promise<string> {
  dummyHash ??= hashSecret(randomBytes(16).toString('hex'));
  return dummyHash;
}

/**
 * Constant-time check of a secret against a stored hash. With no stored hash it still does the same
 * work against a dummy hash and answers false, so "unknown user" and "wrong password" look alike.
 */
export async function verifySecret(secret: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = parseHash(stored ?? (await getDummyHash()));
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
  const symbols: string[] = [];
  while (symbols.length < 12) {
    for (const byte of randomBytes(16)) {
      // Rejection sampling keeps every symbol equally likely.
      if (byte < 248 && symbols.length < 12) symbols.push(CODE_ALPHABET[byte % 31]!);
    }
  }
  return [symbols.slice(0, 4), symbols.slice(4, 8), symbols.slice(8, 12)].map((s) => s.join('')).join('-');
}

/** Codes are compared case-insensitively and without spaces, as people type them. */
export function normalizeAccessCode(code: string): string {
  return code.trim().toUpperCase().replace(/\s+/g, '');
}

export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

/** The hash stored for a personal access code: of its normalized form, so typing is forgiving. */
export function hashAccessCode(code: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  return hashSecret(normalizeAccessCode(code), params);
}

/** Checks a typed access code against a stored hash (or does the dummy work when there is none). */
export function verifyAccessCode(code: string, stored: string | null | undefined): Promise<boolean> {
  return verifySecret(normalizeAccessCode(code), stored);
}

/**
 * Constant-time equality of two short secrets (the shared trial and demo codes from the
 * configuration): both sides are hashed first, so neither length nor content leaks through timing.
 */
export function sameSecret(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(a), digest(b));
}
