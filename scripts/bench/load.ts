import http from 'node:http';
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
}

function cannon(options: LoadOptions & { maxRequests?: number }) {
  return autocannon({
    url: options.url,
    headers: options.headers,
    connections: options.connections,
    duration: options.seconds,
    ...(options.maxRequests ? { maxOverallRequests: options.maxRequests } : {}),
  });
}

/**
 * Load whose numbers are thrown away: JIT, caches and connections settle before measuring. With
 * `maxRequests` it stops after that many answers, so a slow path gets as many calls to warm up
 * on as a fast one (`seconds` then caps it).
 */
export async function warmUp(options: LoadOptions & { maxRequests?: number }): Promise<void> {
  await cannon(options);
}

/**
 * Runs autocannon in this process and measures. Latencies are kept from autocannon's 'response'
 * events, which carry fractional milliseconds (its own histogram rounds to whole ones, too coarse
 * for a p99 ratio).
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
  return {
    rps: ok / result.duration,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    requests: ok,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export interface PacedOptions {
  url: string;
  headers?: Record<string, string>;
  ratePerSecond: number;
  seconds: number;
}

/**
 * Offers requests at a steady rate (one every 1000/rate ms, open loop: a slow answer never delays
 * the next request, which goes out on another keep-alive socket). autocannon's `overallRate`
 * cannot do this: each connection sends its per-second quota back to back at the start of each
 * second, and its coordinated-omission correction assumes a 1 ms interval, so one 200 ms hiccup
 * becomes 200 samples. Latency runs from writing the request to the end of the answer.
 */
export async function measurePaced(options: PacedOptions): Promise<Measurement> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const interval = 1000 / options.ratePerSecond;
  const total = Math.round(options.ratePerSecond * options.seconds);
  const latencies: number[] = [];
  let failures = 0;
  const inFlight: Promise<void>[] = [];
  const send = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = http.get(options.url, { agent, headers: options.headers }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode && res.statusCode >= 200 && res.statusCode < 300)
            latencies.push(performance.now() - started);
          else failures += 1;
          resolve();
        });
      });
      req.on('error', () => {
        failures += 1;
        resolve();
      });
    });
  const begin = performance.now();
  for (let sent = 0; sent < total; ) {
    const due = Math.min(total, Math.floor((performance.now() - begin) / interval) + 1);
    while (sent < due) {
      inFlight.push(send());
      sent += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, begin + sent * interval - performance.now())));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - begin) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    requests: latencies.length,
    failures,
  };
}
