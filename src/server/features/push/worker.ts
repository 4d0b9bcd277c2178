import type { AppDeps } from '../../deps/app-deps';
import { type Clock, systemClock } from '../mail/clock';
import { type PassTimer, passTimer, silentLog, type WorkerLog } from '../mail/pass-timer';
import { isAllowedPushEndpoint } from './endpoints';
import * as repo from './repo';
import { createWebPushTransport, type PushSendOptions, type PushTransport } from './transport';

export interface PushWorkerOptions {
  clock?: Clock;
  transport?: PushTransport;
  log?: WorkerLog;
  /** How often the queue is read when nothing wakes the worker. */
  pollMs?: number;
  batchSize?: number;
  /** Attempts before a message is given up (logged). */
  maxAttempts?: number;
  /** The wait after the first failed attempt, doubled after each further one, up to maxRetryMs. */
  firstRetryMs?: number;
  maxRetryMs?: number;
  leaseMs?: number;
}

export interface PushPassResult {
  delivered: number;
  retried: number;
  /**
   * Devices removed: their push service said they are gone (404/410), or their endpoint is no push
   * service's (saved before decision 0317, never sent to).
   */
  removed: number;
  /** Messages given up: refused by the push service, or out of attempts. */
  dropped: number;
}

/** How each kind goes: a reminder can wait at the push service for a day, the share notice two. */
const SEND_OPTIONS: Record<string, PushSendOptions> = {
  'weekly-reminder': { ttlSeconds: 24 * 60 * 60, urgency: 'normal', topic: 'weekly-reminder' },
  'partner-shared': { ttlSeconds: 2 * 24 * 60 * 60, urgency: 'normal' },
};
const DEFAULT_SEND_OPTIONS: PushSendOptions = { ttlSeconds: 24 * 60 * 60, urgency: 'normal' };

const WAKE_DELAY_MS = 50;

/** Answers worth trying again: the service is overloaded or failing (429, 5xx). */
function isTemporary(statusCode: number): boolean {
  return statusCode === 429 || statusCode >= 500;
}

/**
 * The push worker (decision 0272), the mail worker's pattern: reads the push outbox, leases each
 * message so two processes never send it at once, sends it, and then
 * - 2xx: removes it (delivered);
 * - 404/410: the subscription expired or was revoked: removes the device and its messages;
 * - 429/5xx or a network failure: retries with exponential backoff (or the service's Retry-After),
 *   up to maxAttempts, then gives up with a log line;
 * - any other answer (400, 403, 413: the request itself is refused): gives up at once, logged.
 * An endpoint that is not a browser push service's (decision 0317) is never sent to: the device
 * and its messages are removed, logged. Nothing it meets throws out of a pass; its timers never
 * keep the process alive.
 */
export class PushWorker {
  readonly #deps: AppDeps;
  readonly #clock: Clock;
  readonly #transport: PushTransport;
  readonly #log: WorkerLog;
  readonly #options: Required<Omit<PushWorkerOptions, 'clock' | 'transport' | 'log'>>;
  readonly #timer: PassTimer;
  #running: Promise<PushPassResult> | null = null;

  constructor(deps: AppDeps, options: PushWorkerOptions = {}) {
    this.#deps = deps;
    this.#clock = options.clock ?? systemClock;
    this.#transport = options.transport ?? createWebPushTransport(deps.vapid, deps.config.push.subject);
    this.#log = options.log ?? silentLog;
    this.#options = {
      pollMs: options.pollMs ?? 30_000,
      batchSize: options.batchSize ?? 50,
      maxAttempts: options.maxAttempts ?? 6,
      firstRetryMs: options.firstRetryMs ?? 60_000,
      maxRetryMs: options.maxRetryMs ?? 60 * 60_000,
      leaseMs: options.leaseMs ?? 2 * 60_000,
    };
    this.#timer = passTimer(this.#clock, deps.mailSignal, {
      pollMs: this.#options.pollMs,
      wakeDelayMs: WAKE_DELAY_MS,
      run: () => this.runOnce(),
      onError: (error) => this.#log.error({ err: error }, 'push worker pass failed'),
    });
  }

  /** Starts polling; a queued email (reminders and share notices queue their pushes with it) wakes it too. */
  start(): void {
    this.#timer.start();
  }

  async stop(): Promise<void> {
    this.#timer.stop();
    await this.#running?.catch(() => undefined);
  }

  /** Sends every message due now; a call while a pass runs joins it. */
  runOnce(): Promise<PushPassResult> {
    this.#running ??= this.#pass().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  async #pass(): Promise<PushPassResult> {
    const result: PushPassResult = { delivered: 0, retried: 0, removed: 0, dropped: 0 };
    const { db } = this.#deps;
    const due = await repo.findDueMessages(db, this.#clock.now(), this.#options.batchSize);
    for (const message of due) {
      // After stop(), the rest waits for the next start (their rows stay due).
      if (this.#timer.halted) break;
      const leasedAt = this.#clock.now();
      if (!(await repo.leaseMessage(db, message.id, leasedAt, leasedAt + this.#options.leaseMs))) continue;
      const attempts = message.attempts + 1;
      if (!isAllowedPushEndpoint(message.endpoint, this.#deps.config.push.extraOrigins)) {
        await repo.deleteSubscription(db, message.subscriptionId);
        this.#log.warn(
          { pushId: message.id, deviceId: message.subscriptionId, kind: message.kind },
          'push endpoint is not a push service: device removed',
        );
        result.removed += 1;
        continue;
      }
      let statusCode: number | null = null;
      let retryAfterSeconds: number | null = null;
      let failure: unknown = null;
      try {
        const response = await this.#transport.send(
          { endpoint: message.endpoint, keys: { p256dh: message.p256dh, auth: message.auth } },
          message.payload,
          SEND_OPTIONS[message.kind] ?? DEFAULT_SEND_OPTIONS,
        );
        statusCode = response.statusCode;
        retryAfterSeconds = response.retryAfterSeconds;
      } catch (error) {
        failure = error;
      }
      const where = { pushId: message.id, deviceId: message.subscriptionId, kind: message.kind, attempts };
      if (statusCode !== null && statusCode >= 200 && statusCode < 300) {
        await repo.finishMessage(db, message, new Date(this.#clock.now()).toISOString());
        result.delivered += 1;
      } else if (statusCode === 404 || statusCode === 410) {
        await repo.deleteSubscription(db, message.subscriptionId);
        this.#log.info({ ...where, statusCode }, 'push subscription expired: device removed');
        result.removed += 1;
      } else if ((failure !== null || isTemporary(statusCode!)) && attempts < this.#options.maxAttempts) {
        const backoff = Math.min(this.#options.firstRetryMs * 2 ** (attempts - 1), this.#options.maxRetryMs);
        const wait =
          retryAfterSeconds !== null ? Math.min(retryAfterSeconds * 1000, this.#options.maxRetryMs) : backoff;
        await repo.retryMessageLater(db, message.id, attempts, this.#clock.now() + Math.max(wait, backoff));
        this.#log.warn({ ...where, statusCode, err: failure ?? undefined }, 'push not delivered: will retry');
        result.retried += 1;
      } else {
        await repo.finishMessage(db, message);
        this.#log.error({ ...where, statusCode, err: failure ?? undefined }, 'push not delivered: given up');
        result.dropped += 1;
      }
    }
    return result;
  }
}

/** The server's push work (main.ts starts it once listening and stops it before the database closes). */
export function startPushWorker(deps: AppDeps, log: WorkerLog, options: PushWorkerOptions = {}): PushWorker {
  const worker = new PushWorker(deps, { log, ...options });
  worker.start();
  return worker;
}
