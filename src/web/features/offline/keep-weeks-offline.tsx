import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type Partner, TOTAL_WEEKS } from '../../../shared/constants';
import { useOnline } from '../../lib/network';
import { trpc } from '../../trpc';

/**
 * Keeps the couple's current and next week readable offline (decision 0266): their content, the
 * answers this sign-in may read and the week's PDF are fetched once the service worker controls
 * the page, so it stores them (src/web/sw/sw.ts keeps only what it names). The other partner's
 * sealed answers are not asked for, exactly as the workbook does (docs/product.md#sealed-answers):
 * with private answers on and the week not yet revealed, only this sign-in's own partner.
 * Renders nothing.
 */
export function KeepWeeksOffline() {
  const queryClient = useQueryClient();
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
    // Background work: it waits until the page has settled and the browser is idle, so the couple's
    // first taps never queue behind two weeks of content being fetched and read.
    return whenSettled(() => void keepWeeks(queryClient, weeks));
  }, [controlled, online, current, queryClient]);
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

async function keepWeeks(queryClient: QueryClient, weeks: number[]): Promise<void> {
  for (const weekNumber of weeks) {
    try {
      const [share] = await Promise.all([
        queryClient.fetchQuery(trpc.partners.weekShare.queryOptions({ weekNumber })),
        queryClient.fetchQuery(trpc.workbook.content.queryOptions({ weekNumber })),
      ]);
      const sealed = share.privateAnswers && !share.revealed;
      const readable: Partner[] = sealed && share.you !== null ? [share.you] : ['partner1', 'partner2'];
      await Promise.all([
        ...readable.map((partner) =>
          queryClient.prefetchQuery(trpc.workbook.answers.queryOptions({ weekNumber, partner })),
        ),
        sealed ? undefined : queryClient.prefetchQuery(trpc.workbook.summary.queryOptions({ weekNumber })),
      ]);
    } catch {
      // A locked week (403) or a lost connection: nothing to keep for it now.
    }
  }
  navigator.serviceWorker?.controller?.postMessage({ type: 'KEEP_PDFS', weeks });
}
