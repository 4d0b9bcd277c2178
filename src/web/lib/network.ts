import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * How the page behaves on a slow or broken network (decision 0133): every change it sends (a tRPC
 * mutation) gets an answer within MUTATION_TIMEOUT_MS or is given up as not saved, and while the
 * browser is offline no change is sent at all: it is refused at once, with a message saying so.
 * The text a couple typed stays on the page (and in its local draft) either way.
 */
export const MUTATION_TIMEOUT_MS = 15_000;

export type NotSavedReason = 'timeout' | 'offline';

export const NOT_SAVED_MESSAGES: Record<NotSavedReason, string> = {
  timeout: `No answer from the server after ${MUTATION_TIMEOUT_MS / 1000} seconds: your change was not saved. What you typed is still here; please try again.`,
  offline:
    'You are offline: your change was not saved. What you typed is still here; try again once you are back online.',
};

/** A change that never reached the server or got no answer in time: it was not saved. */
export class NotSavedError extends Error {
  constructor(readonly reason: NotSavedReason) {
    super(NOT_SAVED_MESSAGES[reason]);
    this.name = 'NotSavedError';
  }
}

/** The browser's own view of the network; true where it cannot tell (the prerender). */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser is online, updated by its `online` and `offline` events. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/** How long a sender of changes waiting on the device rests after a try that got no answer. */
export const NO_ANSWER_REST_MS = 30_000;

/**
 * For the senders of changes waiting on the device: after a try that got no answer (`rest()`), the
 * next waits NO_ANSWER_REST_MS, or for the browser to go offline and online again, so a network
 * that is down while the browser says it is online is not asked again in a loop.
 */
export function useRestAfterNoAnswer(online: boolean): [resting: boolean, rest: () => void] {
  const [resting, setResting] = useState(false);
  if (resting && !online) setResting(false);
  useEffect(() => {
    if (!resting) return;
    const timer = setTimeout(() => setResting(false), NO_ANSWER_REST_MS);
    return () => clearTimeout(timer);
  }, [resting]);
  return [resting, () => setResting(true)];
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * `fetch` for the tRPC client: a POST (a mutation: queries are GETs) is refused at once while the
 * browser is offline and given up after `timeoutMs` without an answer, rejecting with
 * NotSavedError; the request is aborted then, so a late answer cannot change the page. Queries
 * are passed through unchanged (they have their own loading and retry states).
 */
export function createGuardedFetch(
  fetcher: typeof fetch = (...args) => fetch(...args),
  timeoutMs: number = MUTATION_TIMEOUT_MS,
): typeof fetch {
  return async (input, init) => {
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    if (method === 'GET' || method === 'HEAD') return fetcher(input, init);
    if (!isOnline()) throw new NotSavedError('offline');
    const controller = new AbortController();
    const outer = init?.signal;
    const abortFromOuter = () => controller.abort(outer?.reason);
    if (outer?.aborted) controller.abort(outer.reason);
    else outer?.addEventListener('abort', abortFromOuter, { once: true });
    let timedOut = false;
    let giveUp: (error: NotSavedError) => void = () => {};
    const gaveUp = new Promise<never>((_resolve, reject) => {
      giveUp = reject;
    });
    const timer = setTimeout(() => {
      timedOut = true;
      giveUp(new NotSavedError('timeout'));
      controller.abort();
    }, timeoutMs);
    const exchange = async () => {
      // The answer's body is read inside the time limit too: a server that sends headers and then
      // stalls is as unanswered as one that sends nothing.
      const response = await fetcher(input, { ...init, signal: controller.signal });
      const body = NULL_BODY_STATUSES.has(response.status) ? null : await response.arrayBuffer();
      return new Response(body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    };
    try {
      return await Promise.race([exchange(), gaveUp]);
    } catch (error) {
      if (timedOut) throw new NotSavedError('timeout');
      throw error;
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', abortFromOuter);
    }
  };
}
