import { describe, expect, it } from 'vitest';
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
    expect(normalizeAccessCode(' abcd-efgh ')).toBe('ABCD-EFGH');
  });

  it('verifies access codes however they are typed, and only the right one', async () => {
    const hash = await hashAccessCode('ABCD-EFGH-JKMN', FAST);
    expect(await verifyAccessCode(' abcd-efgh-jkmn ', hash)).toBe(true);
    expect(await verifyAccessCode('ABCD-EFGH-JKMP', hash)).toBe(false);
  });

  it('compares shared codes exactly, whatever their lengths', () => {
    expect(sameSecret('TRY-52-WEEKS', 'TRY-52-WEEKS')).toBe(true);
    expect(sameSecret('TRY-52-WEEKS', 'TRY-52-WEEK')).toBe(false);
    expect(sameSecret('', 'x')).toBe(false);
  });
});
