import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { TOTAL_WEEKS } from '../../../shared/constants';
import { useOnline } from '../../lib/network';
import { trpc } from '../../trpc';

/**
 * Keeps the couple's current and next week readable offline (decision 0266): once the service
 * worker controls the page and the page has settled, it names the two weeks to the worker, which
 * fetches and keeps their content, the answers this sign-in may read (never the other partner's
 * sealed answers, docs/product.md#sealed-answers) and the week's PDF (src/web/sw/sw.ts). The worker
 * does the fetching and reading on its own thread, so none of it competes with the couple's taps.
 * Renders nothing.
 */
export function KeepWeeksOffline() {
  const online = useOnline();
  const progression = useQuery(trpc.progress.progression.queryOptions());
  const current = progression.data?.nextWeek ?? null;
  const [controlled, setControlled] = useState(() => !!navigator.serviceWorker?.controller);
  useEffect(() => {
    const container = navigator.serviceWorker;
    if (!container) return undefined;
    const update = () => setControlled(!!container.controller);
    container.addEventListener('controllerchange', update);
    return () => container.removeEventListener('controllerchange', update);
  }, []);
  useEffect(() => {
    if (!controlled || !online || current === null) return undefined;
    const weeks = [current, current + 1].filter((week) => week >= 1 && week <= TOTAL_WEEKS);
    // It waits until the page has settled and the browser is idle, so the worker's requests never
    // compete with the dashboard's own.
    return whenSettled(() => navigator.serviceWorker?.controller?.postMessage({ type: 'KEEP_WEEKS', weeks }));
  }, [controlled, online, current]);
  return null;
}

/** How long after the dashboard appears the weeks are kept, at the earliest. */
export const KEEP_WEEKS_DELAY_MS = 5000;

/** Runs `work` KEEP_WEEKS_DELAY_MS from now, when the browser is next idle; answers a cancel. */
function whenSettled(work: () => void): () => void {
  const idle = (globalThis as { requestIdleCallback?: (run: () => void, options: { timeout: number }) => number })
    .requestIdleCallback;
  const cancelIdle = (globalThis as { cancelIdleCallback?: (handle: number) => void }).cancelIdleCallback;
  let idleHandle: number | null = null;
  const timer = setTimeout(() => {
    if (idle) idleHandle = idle(work, { timeout: KEEP_WEEKS_DELAY_MS });
    else work();
  }, KEEP_WEEKS_DELAY_MS);
  return () => {
    clearTimeout(timer);
    if (idleHandle !== null) cancelIdle?.(idleHandle);
  };
}
