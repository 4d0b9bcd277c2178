import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { AppError } from '../../shared/errors';
import type { Config } from '../platform/config';
import type { DB } from '../db/client';
import { isPostgres } from '../db/dialect';
import { countAttempt, giveBackAttempt, removeEndedWindows, removeWindow } from './rate-limiter-repo';

/**
 * One attempt counted by a limiter's reserve(); release() gives its slot back (at most once). It
 * never fails. Callers wait for it before they answer, so the person's next attempt finds the slot
 * given back (in the database, on PostgreSQL, that is one more statement).
 */
export interface Reservation {
  release(): Promise<void>;
  /** This attempt took the window's last slot: if it is not given back, the key is refused until the window ends. */
  readonly last: boolean;
  /** Epoch milliseconds: when the window this attempt was counted in ends. */
  readonly resetAt: number;
}

/**
 * A fixed-window limit per key. Services call it, so the REST shim and the tRPC procedure for the
 * same action share one budget. Two kinds: in memory (MemoryRateLimiter: one process serves the
 * app, the SQLite default) and in the database (DatabaseRateLimiter: several processes share one
 * PostgreSQL database, decision 0179); both keep the same rules.
 */
export interface RateLimiter {
  readonly max: number;
  readonly windowMs: number;
  /** Counts one event for the key, refusing with 429 (with when to retry) if the budget is used up. */
  consume(key: string): Promise<void>;
  /**
   * Counts an attempt when it STARTS, before its outcome is known, refusing with 429 if the budget
   * is used up: concurrent attempts each take their slot at once, so no burst gets past the limit
   * while earlier ones are still being checked. `release()` gives the slot back (a successful
   * sign-in, or one that was never checked); a slot not released stays spent until the window ends.
   */
  reserve(key: string): Promise<Reservation>;
}

/** A reservation whose release() gives the slot back with `giveBack`, once. */
function reservation(last: boolean, resetAt: number, giveBack: () => Promise<void>): Reservation {
  let released = false;
  return {
    last,
    resetAt,
    release: async () => {
      if (released) return;
      released = true;
      await giveBack();
    },
  };
}

export class MemoryRateLimiter implements RateLimiter {
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

  async consume(key: string): Promise<void> {
    await this.reserve(key);
  }

  async reserve(key: string): Promise<Reservation> {
    const window = this.current(key);
    if (window.count >= this.max) throw tooMany(window.resetAt - this.now());
    window.count += 1;
    return reservation(window.count >= this.max, window.resetAt, async () => {
      // A slot of a window that has ended (and been replaced) has nothing left to give back.
      if (this.windows.get(key) === window) window.count -= 1;
    });
  }

  private sweep(time: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= time) this.windows.delete(key);
  }
}

/**
 * The same limit kept in the database (rate_limit_windows), so that every process counts against
 * one budget. A reservation is one upsert that either counts the attempt or, over budget, changes
 * nothing; keys are stored as hashes, never as the email or address itself. Ended windows are
 * removed now and then.
 */
export class DatabaseRateLimiter implements RateLimiter {
  private reservations = 0;

  constructor(
    private readonly db: DB,
    readonly name: string,
    readonly max: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async consume(key: string): Promise<void> {
    await this.reserve(key);
  }

  async reserve(key: string): Promise<Reservation> {
    const time = this.now();
    const keyHash = limiterKeyHash(key);
    this.reservations += 1;
    if (this.reservations % SWEEP_EVERY === 0) await removeEndedWindows(this.db, time);
    const window = await countAttempt(this.db, {
      limiter: this.name,
      keyHash,
      max: this.max,
      now: time,
      windowMs: this.windowMs,
    });
    if (!window.counted) throw tooMany(window.resetAt - time);
    return reservation(window.count >= this.max, window.resetAt, async () => {
      // A slot that could not be given back stays spent until its window ends, as if not released.
      await giveBackAttempt(this.db, { limiter: this.name, keyHash, resetAt: window.resetAt }).catch(() => {});
    });
  }
}

const SWEEP_EVERY = 500;

function limiterKeyHash(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/**
 * Lifts one key's limit of a database limiter, whichever process counted it: the administrator's
 * password reset (scripts/reset-admin-password.ts) and a code sent with "Email me my code" clear
 * the account's sign-in limit for devices it does not know (decision 0201).
 */
export async function clearDatabaseLimit(db: DB, limiter: string, key: string): Promise<void> {
  await removeWindow(db, { limiter, keyHash: limiterKeyHash(key) });
}

/** The database limiter of an account's failed sign-ins from devices it does not know. */
export const SIGN_IN_ACCOUNT_LIMITER = 'sign-in-account';

export function tooMany(retryInMs: number, advice?: (wait: string) => string): AppError {
  const seconds = Math.max(1, Math.ceil(retryInMs / 1000));
  const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
  const message = advice ? advice(wait) : `Too many attempts. Please try again in ${wait}.`;
  return new AppError('TOO_MANY_REQUESTS', message, { retryAfterSeconds: seconds });
}

const MINUTE = 60_000;

/**
 * The key a per-address limit counts a client address under (decision 0336). One IPv6 subscriber
 * is usually given a whole /64 (2^64 addresses), so an IPv6 address counts under its /64 prefix
 * (`2001:db8:1:2::/64`); an address per budget would give one person as many budgets as they care
 * to use. An IPv4 address counts on its own, and so does an IPv4-mapped IPv6 one (`::ffff:1.2.3.4`
 * is `1.2.3.4`, as a dual-stack socket reports an IPv4 client). A key that is no address (`unknown`)
 * stays as it is; so does a `name:` in front of one (`facilitator:2001:db8::1` is
 * `facilitator:2001:db8::/64`), which keeps two budgets of one limiter apart.
 */
export function addressLimitKey(key: string): string {
  const scoped = isIP(key) === 0 ? /^([a-z][a-z-]*):(.+)$/.exec(key) : null;
  if (scoped && isIP(scoped[2]!) !== 0) return `${scoped[1]}:${addressLimitKey(scoped[2]!)}`;
  if (isIP(key) !== 6) return key;
  const groups = ipv6Groups(key);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::`, a zone and a dotted IPv4 tail allowed). */
function ipv6Groups(address: string): number[] {
  const [head = '', tail] = address.split('%', 1)[0]!.split('::');
  const parse = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)];
          const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        });
  const start = parse(head);
  const end = tail === undefined ? [] : parse(tail);
  return [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
}

/**
 * The limits of docs/product.md#rate-limits, one limiter each, built per app from the
 * configuration.
 */
export function createRateLimits(config: Config, db: DB) {
  const limiter = (name: string, max: number, windowMs: number): RateLimiter =>
    isPostgres(db) ? new DatabaseRateLimiter(db, name, max, windowMs) : new MemoryRateLimiter(max, windowMs);
  // Per client address: an IPv6 address counts under its /64 (addressLimitKey, decision 0336).
  const perAddress = (name: string, max: number, windowMs: number): RateLimiter => {
    const counted = limiter(name, max, windowMs);
    return {
      max,
      windowMs,
      consume: (address) => counted.consume(addressLimitKey(address)),
      reserve: (address) => counted.reserve(addressLimitKey(address)),
    };
  };
  return {
    /**
     * In the database on SQLite too: the administrator's password reset, a separate process, and a
     * code sent by email lift it (decision 0201). Sign-ins are few; one more statement each.
     */
    signInPerAccount: new DatabaseRateLimiter(
      db,
      SIGN_IN_ACCOUNT_LIMITER,
      config.rateLimits.signInPerAccount,
      15 * MINUTE,
    ),
    /** A trusted device's own budget of failures for its account, the per-account numbers (decision 0201). */
    signInPerDevice: new DatabaseRateLimiter(db, 'sign-in-device', config.rateLimits.signInPerAccount, 15 * MINUTE),
    signInPerAddress: perAddress('sign-in-address', config.rateLimits.signInPerAddress, 15 * MINUTE),
    contactPerAddress: perAddress('contact-address', config.rateLimits.contactPerMinute, MINUTE),
    registerPerAddress: perAddress('register-address', config.rateLimits.registerPerHour, 60 * MINUTE),
    codeRequestsPerEmail: limiter('code-request-email', config.rateLimits.codeRequestsPerEmail, 60 * MINUTE),
    codeRequestsPerAddress: perAddress('code-request-address', config.rateLimits.codeRequestsPerAddress, 60 * MINUTE),
    // Coupon codes and gift codes are looked up by what a visitor types: a budget per address
    // keeps them from being guessed by the thousand (decisions 0240 and 0242).
    couponQuotesPerAddress: perAddress('coupon-quote-address', 30, MINUTE),
    giftCodesPerAddress: perAddress('gift-code-address', 20, 15 * MINUTE),
    // Cohort join codes and seat codes (issue 38, decision 0262): a wrong code counts, a good one does not.
    facilitatorCodesPerAddress: perAddress('facilitator-code-address', 20, 15 * MINUTE),
    // A facilitator's cohort emails (decision 0341): each one reaches every couple of a cohort, so a
    // runaway page or a stolen session cannot flood their inboxes. Only a message that was sent counts.
    cohortMessagesPerFacilitator: limiter('cohort-message-facilitator', 10, 60 * MINUTE),
  };
}
export type RateLimits = ReturnType<typeof createRateLimits>;
