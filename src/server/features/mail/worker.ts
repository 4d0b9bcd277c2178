import type { AppDeps } from '../../deps/app-deps';
import { type Clock, systemClock } from './clock';
import { type PassTimer, passTimer, silentLog, type WorkerLog } from './pass-timer';
import * as repo from './repo';
import { prepareCodeRequest } from './service';
import { createMailTransport, type MailTransport } from './transport';

export interface MailWorkerOptions {
  clock?: Clock;
  transport?: MailTransport;
  log?: WorkerLog;
  /** How often the queue is read when nothing wakes the worker (other processes' rows, retries). */
  pollMs?: number;
  /** Messages read per pass. */
  batchSize?: number;
  /** Attempts before a message is marked failed (the admin can retry it). */
  maxAttempts?: number;
  /** The wait after the first failed attempt; each further failure doubles it, up to maxRetryMs. */
  firstRetryMs?: number;
  maxRetryMs?: number;
  /** How long a worker holds a message it is sending; a worker that died frees it after this. */
  leaseMs?: number;
  /** Test seam: runs after the transport took a message and before that is recorded. */
  afterSend?: (message: repo.QueuedEmail) => Promise<void> | void;
}

export interface PassResult {
  sent: number;
  retried: number;
  failed: number;
}

const WAKE_DELAY_MS = 20;

/**
 * The mail worker (decision 0137): sends the outbox's messages in this process, one at a time.
 * Each message is leased before it is sent and recorded after, so two processes never send it at
 * once and a worker that dies between the send and the record leaves it to be sent again, with the
 * Message-ID it was given when queued (receivers drop the duplicate). A refused or failed send is
 * retried with exponential backoff; after `maxAttempts` it is marked failed with the last error
 * for the admin to see and retry. Its timers never keep the process alive; stop() lets the send in
 * flight finish (up to a deadline) before the database closes.
 */
export class MailWorker {
  readonly #deps: AppDeps;
  readonly #clock: Clock;
  readonly #transport: MailTransport;
  readonly #log: WorkerLog;
  readonly #options: Required<Omit<MailWorkerOptions, 'clock' | 'transport' | 'log' | 'afterSend'>>;
  readonly #afterSend: MailWorkerOptions['afterSend'];
  readonly #timer: PassTimer;
  #running: Promise<PassResult> | null = null;
  #again = false;

  constructor(deps: AppDeps, options: MailWorkerOptions = {}) {
    this.#deps = deps;
    this.#clock = options.clock ?? systemClock;
    this.#transport = options.transport ?? createMailTransport(deps.config.mail);
    this.#log = options.log ?? silentLog;
    this.#afterSend = options.afterSend;
    this.#options = {
      pollMs: options.pollMs ?? 15_000,
      batchSize: options.batchSize ?? 20,
      maxAttempts: options.maxAttempts ?? 8,
      firstRetryMs: options.firstRetryMs ?? 60_000,
      maxRetryMs: options.maxRetryMs ?? 60 * 60_000,
      leaseMs: options.leaseMs ?? 2 * 60_000,
    };
    this.#timer = passTimer(this.#clock, deps.mailSignal, {
      pollMs: this.#options.pollMs,
      wakeDelayMs: WAKE_DELAY_MS,
      run: () => this.runOnce(),
      onError: (error) => this.#log.error({ err: error }, 'mail worker pass failed'),
    });
  }

  get transportDescription(): string {
    return this.#transport.description;
  }

  /** Starts polling and listening for new mail; the first pass runs at once. */
  start(): void {
    this.#timer.start();
  }

  /**
   * Stops polling; answers once the pass in flight has finished, or after `waitMs` (a message it
   * was sending is then sent again by the next start, with the same Message-ID).
   */
  async stop(waitMs = 5_000): Promise<void> {
    this.#timer.stop();
    const running = this.#running;
    if (running) {
      let deadline: NodeJS.Timeout | undefined;
      await Promise.race([
        running.catch(() => undefined),
        new Promise<void>((resolve) => {
          deadline = setTimeout(resolve, waitMs);
          deadline.unref();
        }),
      ]);
      clearTimeout(deadline);
    }
    this.#transport.close();
  }

  /**
   * Sends everything due now (code requests prepared first). Calls while a pass runs join it, and
   * it reads the queue once more before finishing.
   */
  runOnce(): Promise<PassResult> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    const run = async (): Promise<PassResult> => {
      const total: PassResult = { sent: 0, retried: 0, failed: 0 };
      do {
        this.#again = false;
        const result = await this.#pass();
        total.sent += result.sent;
        total.retried += result.retried;
        total.failed += result.failed;
      } while (this.#again && !this.#timer.halted);
      return total;
    };
    this.#running = run().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  async #pass(): Promise<PassResult> {
    const result: PassResult = { sent: 0, retried: 0, failed: 0 };
    const { db, config } = this.#deps;
    const preparing = await repo.findPreparingEmails(db, this.#options.batchSize);
    for (const request of preparing) {
      try {
        await prepareCodeRequest(this.#deps, request.id, request.recipient, this.#clock.now());
      } catch (error) {
        this.#log.error({ err: error, emailId: request.id }, 'could not prepare a code request');
      }
    }
    const now = this.#clock.now();
    const due = await repo.findDueEmails(db, now, this.#options.batchSize);
    for (const message of due) {
      // After stop(), the pass ends with the message in hand; the rest waits for the next start.
      if (this.#timer.halted) {
        this.#again = false;
        break;
      }
      const leasedAt = this.#clock.now();
      if (!(await repo.leaseEmail(db, message.id, leasedAt, leasedAt + this.#options.leaseMs))) continue;
      let sent: { file?: string };
      try {
        sent = await this.#transport.send({
          id: message.id,
          kind: message.kind,
          messageId: message.messageId,
          from: config.mail.from,
          to: message.recipient,
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: JSON.parse(message.headers) as Record<string, string>,
        });
      } catch (error) {
        const attempts = message.attempts + 1;
        const reason = error instanceof Error ? error.message : String(error);
        const giveUp = attempts >= this.#options.maxAttempts;
        const wait = Math.min(this.#options.maxRetryMs, this.#options.firstRetryMs * 2 ** (attempts - 1));
        await repo.markEmailAttemptFailed(
          db,
          message.id,
          reason.slice(0, 500),
          giveUp ? null : this.#clock.now() + wait,
        );
        if (giveUp) {
          result.failed += 1;
          this.#log.error({ emailId: message.id, kind: message.kind, attempts, reason }, 'email failed; giving up');
        } else {
          result.retried += 1;
          this.#log.warn(
            { emailId: message.id, kind: message.kind, attempts, retryInMs: wait, reason },
            'email not sent; will retry',
          );
        }
        continue;
      }
      await this.#afterSend?.(message);
      await repo.markEmailSent(db, message.id, new Date(this.#clock.now()).toISOString());
      result.sent += 1;
      if (sent.file) {
        this.#log.info(
          { emailId: message.id, kind: message.kind, to: message.recipient, subject: message.subject, file: sent.file },
          'email written to the outbox folder (no SMTP_URL)',
        );
      } else {
        this.#log.info({ emailId: message.id, kind: message.kind, messageId: message.messageId }, 'email sent');
      }
    }
    if (due.length === this.#options.batchSize || preparing.length === this.#options.batchSize) this.#again = true;
    return result;
  }
}
