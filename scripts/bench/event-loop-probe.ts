import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

/**
 * A preload for the server process (`node --import tsx --import ./event-loop-probe.ts ...`), so the
 * bench can see inside the server without a line of product code: it records event-loop delay and
 * samples RSS every few milliseconds. On SIGUSR2 it prints one line
 * `BENCH_PROBE {"eventLoopP99Ms":..,"eventLoopMaxMs":..,"rssBytes":..,"peakRssBytes":..}` about the
 * time since the previous SIGUSR2 (or start), then starts a new window.
 *
 * The histogram's values include the timer's own interval, so the interval is subtracted (as
 * @fastify/under-pressure does): what is left is how late the loop was.
 */
export const PROBE_PREFIX = 'BENCH_PROBE ';
const RESOLUTION_MS = 5;

if (isMainThread) {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, RESOLUTION_MS);
  sampler.unref();

  const late = (nanoseconds: number) => Math.max(0, nanoseconds / 1e6 - RESOLUTION_MS);
  process.on('SIGUSR2', () => {
    const rss = process.memoryUsage.rss();
    peakRss = Math.max(peakRss, rss);
    const report = {
      eventLoopP99Ms: late(histogram.percentile(99)),
      eventLoopMaxMs: late(histogram.max),
      samples: histogram.count,
      rssBytes: rss,
      peakRssBytes: peakRss,
    };
    process.stdout.write(`${PROBE_PREFIX}${JSON.stringify(report)}\n`);
    histogram.reset();
    peakRss = rss;
  });
}
