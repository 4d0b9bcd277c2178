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

  it('check counts nothing and record never refuses', () => {
    const limiter = new RateLimiter(1, 1000, () => 0);
    limiter.check('k');
    limiter.check('k');
    limiter.record('k');
    limiter.record('k');
    expect(() => limiter.check('k')).toThrow(/Too many attempts/);
  });
});
