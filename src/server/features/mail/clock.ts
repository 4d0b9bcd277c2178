/**
 * Time for the mail worker and the reminder scheduler: the current time and timers, injected so
 * tests move time forward instead of sleeping. The system clock's timers are unref'd: a pending
 * poll never keeps the process alive.
 */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(callback, ms) {
    const handle = setTimeout(callback, ms);
    handle.unref();
    return handle;
  },
  clearTimeout(handle) {
    clearTimeout(handle as NodeJS.Timeout);
  },
};
