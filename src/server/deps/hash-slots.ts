import { AppError } from '../../shared/errors';

export const HASHING_BUSY_RETRY_SECONDS = 2;
export const HASHING_BUSY = `The server is busy checking other sign-ins. Please try again in ${HASHING_BUSY_RETRY_SECONDS} seconds.`;

/**
 * Bounds the password hashes (scrypt, 128 MiB and ~0.4 s of one of libuv's four threads each) that
 * run at once: at most `maxRunning`, then up to `maxWaiting` wait their turn in order, and any more
 * are refused at once with 429 and Retry-After, so a burst of sign-ins can neither exhaust memory
 * nor hold the thread pool that file reads need (decision 0093). One per app (AppDeps).
 */
export class HashSlots {
  #running = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(
    readonly maxRunning: number,
    readonly maxWaiting: number,
  ) {}

  /** Hashes running now and waiting, for tests and diagnostics. */
  get load(): { running: number; waiting: number } {
    return { running: this.#running, waiting: this.#waiting.length };
  }

  /** Runs `task` in a slot; throws 429 at once when every slot is taken and the queue is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running < this.maxRunning) {
      this.#running += 1;
    } else {
      if (this.#waiting.length >= this.maxWaiting) {
        throw new AppError('TOO_MANY_REQUESTS', HASHING_BUSY, { retryAfterSeconds: HASHING_BUSY_RETRY_SECONDS });
      }
      // The finishing task hands its slot straight over: the running count stays as it is.
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }
}
