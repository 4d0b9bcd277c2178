import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * The verification code printed on a certificate and in its QR code (decision 0247): 80 random
 * bits and a 40-bit HMAC-SHA-256 signature of them, with a key derived (HKDF) from the server key
 * like the second factor's keys (admin-security/secrets.ts). Written in Crockford's base32 as six
 * groups of four, e.g. `7K2M-Q9XA-...`. Nobody can guess a code (80 random bits), and a made-up or
 * altered one fails the signature before the database is asked; a truncated one, a wrong letter or
 * anything else answers "not found".
 */

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const RANDOM_BYTES = 10;
const SIGNATURE_BYTES = 5;
const CODE_SYMBOLS = ((RANDOM_BYTES + SIGNATURE_BYTES) * 8) / 5;

function verificationKey(serverKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', serverKey, Buffer.alloc(0), 'vows-and-weeks certificate verification', 32));
}

function toBase32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

function fromBase32(text: string): Buffer | null {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) return null;
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

function signature(serverKey: Buffer, random: Buffer): Buffer {
  return createHmac('sha256', verificationKey(serverKey)).update(random).digest().subarray(0, SIGNATURE_BYTES);
}

function grouped(symbols: string): string {
  return symbols.match(/.{1,4}/g)!.join('-');
}

/** A new code, as printed: `XXXX-XXXX-XXXX-XXXX-XXXX-XXXX`. */
export function newVerificationCode(serverKey: Buffer): string {
  const random = randomBytes(RANDOM_BYTES);
  return grouped(toBase32(Buffer.concat([random, signature(serverKey, random)])));
}

/**
 * The code in its printed form when `given` is one this server signed (case, spaces and dashes
 * do not matter; O reads as 0 and I or L as 1, as Crockford's base32 says); null for anything else.
 */
export function readVerificationCode(serverKey: Buffer, given: string): string | null {
  if (given.length > 100) return null;
  const symbols = given
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (symbols.length !== CODE_SYMBOLS) return null;
  const bytes = fromBase32(symbols);
  if (!bytes || bytes.length !== RANDOM_BYTES + SIGNATURE_BYTES) return null;
  const expected = signature(serverKey, bytes.subarray(0, RANDOM_BYTES));
  if (!timingSafeEqual(expected, bytes.subarray(RANDOM_BYTES))) return null;
  return grouped(symbols);
}
