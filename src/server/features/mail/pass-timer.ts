import type { MailSignal } from '../../deps/mail-signal';
import type { Clock } from './clock';

/** What the background work logs through (the app's pino logger, or nothing). */
export interface WorkerLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export const silentLog: WorkerLog = { info() {}, warn() {}, error() {} };

/**
 * When a worker's passes run (the mail and push workers): at once on start(), `wakeDelayMs` after
 * each wake of the mail signal and `pollMs` after each pass. A sooner time replaces a later one,
 * never the other way round; a pass that throws goes to `onError`, and the next is scheduled all
 * the same. stop() ends the listening and polling, and sets `halted` until the next start(): the
 * pass in flight, the worker's to wait for, ends early.
 */
export function passTimer(
  clock: Clock,
  signal: MailSignal,
  options: { pollMs: number; wakeDelayMs: number; run: () => Promise<unknown>; onError: (error: unknown) => void },
) {
  let timer: unknown = null;
  let timerDueAt = 0;
  let unlisten: (() => void) | null = null; // set while started
  let halted = false;
  const schedule = (delayMs: number) => {
    if (unlisten === null) return;
    const dueAt = clock.now() + delayMs;
    if (timer !== null) {
      if (timerDueAt <= dueAt) return;
      clock.clearTimeout(timer);
    }
    timerDueAt = dueAt;
    timer = clock.setTimeout(() => {
      timer = null;
      options
        .run()
        .catch(options.onError)
        .finally(() => schedule(options.pollMs));
    }, delayMs);
  };
  return {
    get halted() {
      return halted;
    },
    start() {
      if (unlisten !== null) return;
      halted = false;
      unlisten = signal.listen(() => schedule(options.wakeDelayMs));
      schedule(0);
    },
    stop() {
      halted = true;
      unlisten?.();
      unlisten = null;
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
    },
  };
}

export type PassTimer = ReturnType<typeof passTimer>;
