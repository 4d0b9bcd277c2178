import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors';
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

/** A task that runs until the test lets it finish. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  let started = false;
  const task = () => {
    started = true;
    return done;
  };
  return { task, finish, started: () => started };
}

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

  it('hashes access codes with the server key (HMAC-SHA-256), not scrypt, and verifies them however they are typed', async () => {
    const hash = hashAccessCode('ABCD-EFGH-JKMN', secrets.accessCodeKey);
    expect(hash).toMatch(/^hmac-sha256\$[A-Za-z0-9+/]{43}=$/);
    expect(hashAccessCode(' abcd-efgh-jkmn', secrets.accessCodeKey)).toBe(hash);
    expect(await verifyAccessCode(' abcd-efgh-jkmn ', hash, secrets)).toBe(true);
    expect(await verifyAccessCode('ABCD-EFGH-JKMP', hash, secrets)).toBe(false);
    // Without the key, the stored hash says nothing: another key gives another hash.
    const otherKey = { ...secrets, accessCodeKey: randomBytes(32) };
    expect(hashAccessCode('ABCD-EFGH-JKMN', otherKey.accessCodeKey)).not.toBe(hash);
    expect(await verifyAccessCode('ABCD-EFGH-JKMN', hash, otherKey)).toBe(false);
  });

  it('still accepts a code hashed with scrypt before the keyed hash, within the hash slots', async () => {
    const legacy = await hashSecret(normalizeAccessCode('WXYZ-2345-6789'), FAST);
    expect(await verifyAccessCode('wxyz-2345-6789', legacy, secrets)).toBe(true);
    expect(await verifyAccessCode('WXYZ-2345-6788', legacy, secrets)).toBe(false);
    const full = new HashSlots(1, 0);
    const blocker = held();
    const running = full.run(blocker.task);
    await expect(verifyAccessCode('WXYZ-2345-6789', legacy, { ...secrets, passwordHashes: full })).rejects.toThrow(
      HASHING_BUSY,
    );
    blocker.finish();
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

describe('HashSlots', () => {
  it('runs at most maxRunning tasks at once and queues up to maxWaiting, in order', async () => {
    const slots = new HashSlots(2, 2);
    const tasks = [held(), held(), held(), held()];
    const order: number[] = [];
    const runs = tasks.map((t, i) =>
      slots.run(async () => {
        await t.task();
        order.push(i);
      }),
    );
    await Promise.resolve();
    expect(tasks.map((t) => t.started())).toEqual([true, true, false, false]);
    expect(slots.load).toEqual({ running: 2, waiting: 2 });
    tasks[1]!.finish();
    await runs[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(tasks.map((t) => t.started())).toEqual([true, true, true, false]);
    for (const t of tasks) t.finish();
    await Promise.all(runs);
    expect(order).toEqual([1, 0, 2, 3]);
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses at once with 429 and when to retry once the queue is full, and frees a failed task's slot", async () => {
    const slots = new HashSlots(1, 1);
    const first = held();
    const second = held();
    const runs = [slots.run(first.task), slots.run(second.task)];
    const refused = await slots.run(async () => 'never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 429, message: HASHING_BUSY, extra: { retryAfterSeconds: 2 } });
    expect(HASHING_BUSY).toMatch(/try again in \d+ seconds/);
    first.finish();
    second.finish();
    await Promise.all(runs);
    await expect(
      slots.run(async () => {
        throw new Error('scrypt failed');
      }),
    ).rejects.toThrow('scrypt failed');
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
    await expect(slots.run(async () => 'ok')).resolves.toBe('ok');
  });
});
