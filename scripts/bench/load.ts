import autocannon from 'autocannon';
import { percentile } from '../lib/http-client';

/** One measured load: requests per second (2xx only) and latency percentiles in milliseconds. */
export interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Anything but a 2xx answer, plus socket errors and timeouts: a valid measurement has none. */
  failures: number;
}

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
  /** Requests per second offered across all connections (open loop); unlimited when absent. */
  overallRate?: number;
}

function cannon(options: LoadOptions) {
  return autocannon({
    url: options.url,
    headers: options.headers,
    connections: options.connections,
    duration: options.seconds,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
  });
}

/** Load whose numbers are thrown away: JIT, caches and connections settle before measuring. */
export async function warmUp(options: LoadOptions): Promise<void> {
  await cannon(options);
}

/**
 * Runs autocannon in this process and measures. Latencies are kept from autocannon's 'response'
 * events, which carry fractional milliseconds (its own histogram rounds to whole ones, too coarse
 * for a p99 ratio). With an offered rate, the p99 is the larger of that and autocannon's own,
 * which corrects for coordinated omission.
 */
export async function measure(options: LoadOptions): Promise<Measurement> {
  const latencies: number[] = [];
  const instance = cannon(options);
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const ok = result['2xx'];
  const p99 = percentile(latencies, 99);
  return {
    rps: ok / result.duration,
    p50: percentile(latencies, 50),
    p99: options.overallRate ? Math.max(result.latency.p99, p99) : p99,
    requests: ok,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
