import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { randomSymbols } from '../../platform/random-symbols';

/*
 * The second factor's secrets, each keyed by its own key derived (HKDF-SHA-256) from the server key
 * DATA_DIR/access-code.key (decision 0092), which is kept beside the database and never in it:
 * a copy of the database alone neither reveals the TOTP secret nor lets anyone forge a pending
 * sign-in or check a guessed recovery code.
 */

function derivedKey(serverKey: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverKey, Buffer.alloc(0), `vows-and-weeks ${purpose}`, 32));
}

const SECRET_FORMAT = 'aes-256-gcm$';

/** The TOTP secret (base32) encrypted for the database: `aes-256-gcm$iv.tag.ciphertext` (base64url). */
export function encryptTotpSecret(serverKey: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derivedKey(serverKey, 'admin totp secret'), iv);
  const encrypted = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${SECRET_FORMAT}${[iv, cipher.getAuthTag(), encrypted].map((part) => part.toString('base64url')).join('.')}`;
}

export function decryptTotpSecret(serverKey: Buffer, stored: string): string {
  if (!stored.startsWith(SECRET_FORMAT)) throw new Error('Unknown format of the stored TOTP secret');
  const [iv, tag, encrypted] = stored
    .slice(SECRET_FORMAT.length)
    .split('.')
    .map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', derivedKey(serverKey, 'admin totp secret'), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(encrypted!), decipher.final()]).toString('utf8');
}

/** Unambiguous symbols (no 0/O, 1/I/L), as in personal access codes. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A recovery code `XXXXX-XXXXX`: 10 symbols of 31, about 50 bits. */
export function generateRecoveryCode(): string {
  const symbols = randomSymbols(RECOVERY_ALPHABET, 10);
  return `${symbols.slice(0, 5)}-${symbols.slice(5)}`;
}

/** Recovery codes are compared without regard to case, spaces or dashes. */
export function normalizeRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]+/g, '');
}

export function hashRecoveryCode(serverKey: Buffer, code: string): string {
  return createHmac('sha256', derivedKey(serverKey, 'admin recovery codes'))
    .update(normalizeRecoveryCode(code))
    .digest('base64url');
}

/**
 * A pending sign-in: the admin gave the right password and must now give the second factor. A
 * signed token `accountId.expiresAt.nonce.signature`, so no row and no session exists until then.
 */
export function signPendingSignIn(serverKey: Buffer, accountId: number, expiresAt: number): string {
  const payload = `${accountId}.${expiresAt}.${randomBytes(12).toString('base64url')}`;
  return `${payload}.${pendingSignature(serverKey, payload)}`;
}

function pendingSignature(serverKey: Buffer, payload: string): string {
  return createHmac('sha256', derivedKey(serverKey, 'admin pending sign-in')).update(payload).digest('base64url');
}

/** The account id of a genuine, unexpired pending sign-in; null for anything else. */
export function readPendingSignIn(serverKey: Buffer, token: string, now: number): number | null {
  const parts = token.split('.');
  if (parts.length !== 4) return null;
  const payload = parts.slice(0, 3).join('.');
  const expected = Buffer.from(pendingSignature(serverKey, payload));
  const given = Buffer.from(parts[3]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const accountId = Number(parts[0]);
  const expiresAt = Number(parts[1]);
  if (!Number.isSafeInteger(accountId) || !Number.isFinite(expiresAt) || expiresAt <= now) return null;
  return accountId;
}
