import { AppError } from '../shared/errors';
import type { Config } from './config';

/** One attempt counted by RateLimiter.reserve; release() gives its slot back (at most once). */
export interface Reservation {
  release(): void;
}

/**
 * A fixed-window counter per key, in memory (one process serves the app). Services call it, so the
 * REST shim and the tRPC procedure for the same action share one budget.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private current(key: string) {
    const time = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= time) {
      window = { count: 0, resetAt: time + this.windowMs };
      this.windows.set(key, window);
      if (this.windows.size > 50_000) this.sweep(time);
    }
    return window;
  }

  /** Counts one event for the key, throwing 429 (with when to retry) if the budget is used up. */
  consume(key: string): void {
    this.reserve(key);
  }

  /**
   * Counts an attempt when it STARTS, before its outcome is known, throwing 429 if the budget is
   * used up: concurrent attempts each take their slot at once, so no burst gets past the limit
   * while earlier ones are still being checked. `release()` gives the slot back (a successful
   * sign-in, or one that was never checked); a slot not released stays spent until the window ends.
   */
  reserve(key: string): Reservation {
    const window = this.current(key);
    if (window.count >= this.max) throw tooMany(window.resetAt - this.now());
    window.count += 1;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        // A slot of a window that has ended (and been replaced) has nothing left to give back.
        if (this.windows.get(key) === window) window.count -= 1;
      },
    };
  }

  private sweep(time: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= time) this.windows.delete(key);
  }
}

function tooMany(retryInMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryInMs / 1000));
  const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
  return new AppError('TOO_MANY_REQUESTS', `Too many attempts. Please try again in ${wait}.`, {
    retryAfterSeconds: seconds,
  });
}

const MINUTE = 60_000;

/**
 * The limits of docs/product.md#rate-limits, one limiter each, built per app from the
 * configuration.
 */
export function createRateLimits(config: Config) {
  return {
    signInPerAccount: new RateLimiter(config.rateLimits.signInPerAccount, 15 * MINUTE),
    signInPerAddress: new RateLimiter(config.rateLimits.signInPerAddress, 15 * MINUTE),
    contactPerAddress: new RateLimiter(config.rateLimits.contactPerMinute, MINUTE),
    registerPerAddress: new RateLimiter(config.rateLimits.registerPerHour, 60 * MINUTE),
    codeRequestsPerEmail: new RateLimiter(config.rateLimits.codeRequestsPerEmail, 60 * MINUTE),
    codeRequestsPerAddress: new RateLimiter(config.rateLimits.codeRequestsPerAddress, 60 * MINUTE),
  };
}
export type RateLimits = ReturnType<typeof createRateLimits>;
