import { describe, expect, it } from 'vitest';
import { AppError } from '../shared/errors';
import { RateLimiter } from './rate-limiter';

describe('RateLimiter', () => {
  it('allows max events per window, then refuses with when to retry, then resets', () => {
    let now = 0;
    const limiter = new RateLimiter(2, 60_000, () => now);
    limiter.consume('a');
    limiter.consume('a');
    let error: unknown;
    try {
      limiter.consume('a');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(429);
    expect((error as AppError).message).toBe('Too many attempts. Please try again in 60 seconds.');
    expect((error as AppError).extra).toEqual({ retryAfterSeconds: 60 });
    limiter.consume('b');
    now = 60_000;
    expect(() => limiter.consume('a')).not.toThrow();
  });

  it('reserve counts an attempt when it starts, so a burst cannot pass the limit before any outcome', () => {
    const limiter = new RateLimiter(3, 60_000, () => 0);
    // Nothing released yet: as with concurrent sign-ins still being checked.
    const held = [limiter.reserve('k'), limiter.reserve('k'), limiter.reserve('k')];
    expect(() => limiter.reserve('k')).toThrow(/Too many attempts/);
    expect(() => limiter.consume('k')).toThrow(/Too many attempts/);
    expect(held).toHaveLength(3);
    limiter.reserve('other');
  });

  it('release gives the slot back once, and only within its window', () => {
    let now = 0;
    const limiter = new RateLimiter(1, 1000, () => now);
    const first = limiter.reserve('k');
    first.release();
    first.release();
    const second = limiter.reserve('k');
    expect(() => limiter.reserve('k')).toThrow(/Too many attempts/);
    // A second release of the first slot did not free the second one.
    second.release();
    limiter.reserve('k');

    const old = limiter.reserve('late');
    now = 1000;
    const fresh = limiter.reserve('late');
    old.release(); // its window has ended: the new window's slot stays taken
    expect(() => limiter.reserve('late')).toThrow(/Too many attempts/);
    fresh.release();
    limiter.reserve('late');
  });
});
