import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HASHING_BUSY, HashSlots } from '../../deps/hash-slots';
import {
  generateAccessCode,
  hashAccessCode,
  hashSecret,
  normalizeAccessCode,
  sameSecret,
  verifyAccessCode,
  verifySecret,
} from './passwords';

const FAST = { N: 1024, r: 8, p: 1 };
const secrets = { accessCodeKey: randomBytes(32), passwordHashes: new HashSlots(2, 8) };

describe('passwords', () => {
  it('stores scrypt parameters with the hash and verifies only the right secret', async () => {
    const hash = await hashSecret('correct horse', FAST);
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifySecret('correct horse', hash)).toBe(true);
    expect(await verifySecret('wrong horse', hash)).toBe(false);
  });

  it('uses OWASP parameters by default', async () => {
    expect(await hashSecret('secret')).toMatch(/^scrypt\$131072\$8\$1\$/);
  });

  it('answers false for a missing hash after doing the same work', async () => {
    expect(await verifySecret('anything', null)).toBe(false);
  });

  it('makes unambiguous personal access codes with enough entropy', () => {
    const codes = new Set(Array.from({ length: 200 }, generateAccessCode));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    expect(normalizeAccessCode(' abcd-efgh ')).toBe('ABCDEFGH');
    // A personal code typed from an email on a phone: in groups with spaces, run together, or with
    // the dash a keyboard made of the hyphen; always its dashed groups, the form its hash is of.
    for (const typed of ['8j5a 92nq 73xc', '8J5A92NQ73XC', '8J5A\u201392NQ\u201373XC', ' 8J5A - 92NQ - 73XC ']) {
      expect(normalizeAccessCode(typed)).toBe('8J5A-92NQ-73XC');
    }
  });

  it('hashes access codes with the server key (HMAC-SHA-256), not scrypt, and verifies them however they are typed', async () => {
    const hash = hashAccessCode('ABCD-EFGH-JKMN', secrets.accessCodeKey);
    expect(hash).toMatch(/^hmac-sha256\$[A-Za-z0-9+/]{43}=$/);
    expect(hashAccessCode(' abcd-efgh-jkmn', secrets.accessCodeKey)).toBe(hash);
    expect(await verifyAccessCode(' abcd-efgh-jkmn ', hash, secrets)).toBe(true);
    expect(await verifyAccessCode('abcd efgh jkmn', hash, secrets)).toBe(true);
    expect(await verifyAccessCode('ABCDEFGHJKMN', hash, secrets)).toBe(true);
    expect(await verifyAccessCode('ABCD-EFGH-JKMP', hash, secrets)).toBe(false);
    // Without the key, the stored hash says nothing: another key gives another hash.
    const otherKey = { ...secrets, accessCodeKey: randomBytes(32) };
    expect(hashAccessCode('ABCD-EFGH-JKMN', otherKey.accessCodeKey)).not.toBe(hash);
    expect(await verifyAccessCode('ABCD-EFGH-JKMN', hash, otherKey)).toBe(false);
  });

  it('still accepts a code hashed with scrypt before the keyed hash, within the hash slots', async () => {
    // Stored as the code was issued, dashes and all.
    const legacy = await hashSecret('WXYZ-2345-6789', FAST);
    expect(await verifyAccessCode('wxyz-2345-6789', legacy, secrets)).toBe(true);
    expect(await verifyAccessCode('wxyz 2345 6789', legacy, secrets)).toBe(true);
    expect(await verifyAccessCode('WXYZ-2345-6788', legacy, secrets)).toBe(false);
    const full = new HashSlots(1, 0);
    let finish!: () => void;
    const running = full.run(() => new Promise<void>((resolve) => (finish = resolve)));
    await expect(verifyAccessCode('WXYZ-2345-6789', legacy, { ...secrets, passwordHashes: full })).rejects.toThrow(
      HASHING_BUSY,
    );
    finish();
    await running;
  });

  it('refuses a missing, empty or foreign stored hash after the same keyed work', async () => {
    for (const stored of [null, undefined, '', 'hmac-sha256$', 'hmac-sha256$c2hvcnQ=', 'md5$abc']) {
      expect(await verifyAccessCode('ABCD-EFGH-JKMN', stored, secrets)).toBe(false);
    }
  });

  it('compares shared codes exactly, whatever their lengths', () => {
    expect(sameSecret('TRY-52-WEEKS', 'TRY-52-WEEKS')).toBe(true);
    expect(sameSecret('TRY-52-WEEKS', 'TRY-52-WEEK')).toBe(false);
    expect(sameSecret('', 'x')).toBe(false);
  });
});
