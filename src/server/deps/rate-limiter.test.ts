import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors';
import { clearDatabaseLimit, DatabaseRateLimiter, MemoryRateLimiter, type RateLimiter } from './rate-limiter';
import { useTestApp } from '../test/harness';

const t = useTestApp();
let limiters = 0;

/** The same rules for both kinds: in memory, and in the test app's database (SQLite or PostgreSQL). */
const kinds: [string, (max: number, windowMs: number, now: () => number) => RateLimiter][] = [
  ['in memory', (max, windowMs, now) => new MemoryRateLimiter(max, windowMs, now)],
  [
    'in the database',
    (max, windowMs, now) => {
      limiters += 1;
      return new DatabaseRateLimiter(t.deps.db, `test-${limiters}`, max, windowMs, now);
    },
  ],
];

describe.each(kinds)('a rate limiter %s', (_kind, create) => {
  it('allows max events per window, then refuses with when to retry, then resets', async () => {
    let now = 1_000_000;
    const limiter = create(2, 60_000, () => now);
    await limiter.consume('a');
    await limiter.consume('a');
    const error = await limiter.consume('a').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(429);
    expect((error as AppError).message).toBe('Too many attempts. Please try again in 60 seconds.');
    expect((error as AppError).extra).toEqual({ retryAfterSeconds: 60 });
    await limiter.consume('b');
    now += 60_000;
    await expect(limiter.consume('a')).resolves.toBeUndefined();
  });

  it('reserve counts an attempt when it starts, so a burst cannot pass the limit before any outcome', async () => {
    const limiter = create(3, 60_000, () => 1_000_000);
    // Nothing released yet: as with concurrent sign-ins still being checked.
    const burst = await Promise.allSettled(Array.from({ length: 5 }, () => limiter.reserve('k')));
    expect(burst.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    await expect(limiter.reserve('k')).rejects.toThrow(/Too many attempts/);
    await expect(limiter.consume('k')).rejects.toThrow(/Too many attempts/);
    await limiter.reserve('other');
  });

  it("says which attempt took the window's last slot, and when the window ends", async () => {
    const limiter = create(2, 60_000, () => 1_000_000);
    const first = await limiter.reserve('k');
    expect({ last: first.last, resetAt: first.resetAt }).toEqual({ last: false, resetAt: 1_060_000 });
    const second = await limiter.reserve('k');
    expect({ last: second.last, resetAt: second.resetAt }).toEqual({ last: true, resetAt: 1_060_000 });
  });

  it('release gives the slot back once, and only within its window', async () => {
    let now = 1_000_000;
    const limiter = create(1, 1000, () => now);
    const first = await limiter.reserve('k');
    await first.release();
    await first.release();
    const second = await limiter.reserve('k');
    await expect(limiter.reserve('k')).rejects.toThrow(/Too many attempts/);
    // A second release of the first slot did not free the second one.
    await second.release();
    await limiter.reserve('k');

    const old = await limiter.reserve('late');
    now += 1000;
    const fresh = await limiter.reserve('late');
    await old.release(); // its window has ended: the new window's slot stays taken
    await expect(limiter.reserve('late')).rejects.toThrow(/Too many attempts/);
    await fresh.release();
    await limiter.reserve('late');
  });
});

describe('a rate limiter in the database', () => {
  it('keeps a hash of the key, never the email or address itself, and one budget for every process', async () => {
    const name = 'test-shared';
    const one = new DatabaseRateLimiter(t.deps.db, name, 2, 60_000);
    const other = new DatabaseRateLimiter(t.deps.db, name, 2, 60_000); // as in a second app process
    await one.consume('robin@example.com');
    await other.consume('robin@example.com');
    await expect(one.consume('robin@example.com')).rejects.toThrow(/Too many attempts/);
    const rows = await t.deps.db.selectFrom('rate_limit_windows').selectAll().where('limiter', '=', name).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ count: 2 });
    expect(JSON.stringify(rows)).not.toContain('robin');
  });

  it("clearDatabaseLimit lifts one key's limit for every process (the admin's password reset)", async () => {
    const name = 'test-cleared';
    const limiter = new DatabaseRateLimiter(t.deps.db, name, 1, 60_000);
    await limiter.consume('admin');
    await limiter.consume('robin');
    await expect(limiter.consume('admin')).rejects.toThrow(/Too many attempts/);
    await clearDatabaseLimit(t.deps.db, name, 'admin');
    await expect(limiter.consume('admin')).resolves.toBeUndefined();
    await expect(limiter.consume('robin')).rejects.toThrow(/Too many attempts/);
  });
});
