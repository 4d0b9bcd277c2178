import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS } from './lib/chromium-flags';

/**
 * `npm run bench:page -- --checkouts /work/main,/tmp/other [--runs 6] [--path /dashboard] [--lang es]`:
 * the main thread's work on a page after its first paint, in two (or more) checkouts' builds side by
 * side, for changes too small for Lighthouse's run-to-run spread (docs/benchmarks.md). Each checkout
 * serves its own compiled build in demo mode, signed in as the demo couple; the loads alternate
 * between them in one Chromium with a phone's viewport and its CPU slowed 4x, as Lighthouse's mobile
 * settings assume. For each load, from Chromium's trace: the main thread's busy time after the first
 * contentful paint, and its blocking time as Lighthouse counts it (each task's time beyond 50 ms).
 * Both from the tasks' wall-clock time: a task's thread time leaves out what the thread waits for
 * inside it (a dynamic `import()` call, decision 0376), which a phone's user waits for all the
 * same. Prints every load and the medians.
 *
 * `--thread-time` loads at the machine's own speed instead and counts each task as four times its
 * thread time (the CPU time the renderer's main thread spent in it): on this shared 2-core machine a
 * task's wall-clock time includes the time the renderer waited for a core, which Lighthouse then
 * multiplies by four, so the steadier figure for a change is this one. It leaves out a dynamic
 * import's wait inside a task (decision 0376), which the default counts.
 */
const { values } = parseArgs({
  options: {
    checkouts: { type: 'string' },
    runs: { type: 'string', default: '6' },
    path: { type: 'string', default: '/dashboard' },
    lang: { type: 'string', default: 'en' },
    'thread-time': { type: 'boolean', default: false },
  },
});
const threadTime = values['thread-time'];
const checkouts = (values.checkouts ?? path.resolve(import.meta.dirname, '..')).split(',');
const traceFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vows-page-work-')), 'trace.json');

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event (µs). */
  tdur?: number;
  args: { name?: string };
}

/** The page's renderer main thread: the CrRendererMain thread that ran the most tasks. */
function work(events: TraceEvent[]): { busyMs: number; blockingMs: number } {
  const thread = (event: TraceEvent) => `${event.pid}:${event.tid}`;
  const busy = new Map<string, number>();
  for (const event of events) {
    if (event.name === 'RunTask') busy.set(thread(event), (busy.get(thread(event)) ?? 0) + (event.dur ?? 0));
  }
  const main = events
    .filter((event) => event.name === 'thread_name' && event.args.name === 'CrRendererMain')
    .map(thread)
    .sort((a, b) => (busy.get(b) ?? 0) - (busy.get(a) ?? 0))[0];
  const paint = events.find((event) => event.name === 'firstContentfulPaint' && thread(event) === main)?.ts ?? 0;
  const tasks = events.filter((event) => event.name === 'RunTask' && thread(event) === main && event.ts >= paint);
  const ms = (event: TraceEvent) =>
    threadTime ? (4 * (event.tdur ?? event.dur ?? 0)) / 1000 : (event.dur ?? 0) / 1000;
  return {
    busyMs: tasks.reduce((sum, task) => sum + ms(task), 0),
    blockingMs: tasks.reduce((sum, task) => sum + Math.max(0, ms(task) - 50), 0),
  };
}

async function signedIn(checkout: string) {
  const { startServer } = (await import(
    path.join(checkout, 'scripts/lib/server-process.ts')
  )) as typeof import('./lib/server-process');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vows-page-work-'));
  const server = await startServer(
    { DEMO_MODE: 'true', DATA_DIR: dataDir, ADMIN_PASSWORD: 'page-work-admin-password' },
    { compiled: true },
  );
  const config = (await (await fetch(`${server.url}/api/config`)).json()) as {
    demoEmail: string;
    demoAccessCode: string;
  };
  const login = await fetch(`${server.url}/api/customer-auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: config.demoEmail, accessCode: config.demoAccessCode }),
  });
  const sid = login.headers.getSetCookie().find((cookie) => cookie.startsWith('sid='));
  if (!sid) throw new Error(`${checkout}: the demo sign-in failed (${login.status}); is the build there?`);
  return {
    checkout,
    server,
    sid: sid.split(';')[0]!.slice('sid='.length),
    loads: [] as { busyMs: number; blockingMs: number }[],
  };
}

const sides = [];
for (const checkout of checkouts) sides.push(await signedIn(checkout));
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_FLAGS,
});
try {
  for (let run = 0; run < Number(values.runs); run += 1) {
    // Alternate which checkout goes first, so a slow minute falls on both.
    for (const side of run % 2 ? [...sides].reverse() : sides) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        isMobile: true,
        hasTouch: true,
        serviceWorkers: 'block',
      });
      await context.addCookies([
        { name: 'sid', value: side.sid, url: side.server.url },
        { name: 'vw_locale', value: values.lang, url: side.server.url },
      ]);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: threadTime ? 1 : 4 });
      await browser.startTracing(page, {
        path: traceFile,
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'],
      });
      await page.goto(`${side.server.url}${values.path}`);
      // The page's work at a phone's speed ends within about 6 s of the load.
      await page.waitForTimeout(12000);
      await browser.stopTracing();
      await context.close();
      const load = work((JSON.parse(fs.readFileSync(traceFile, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents);
      side.loads.push(load);
      console.log(
        `${side.checkout} load ${run + 1}: busy ${load.busyMs.toFixed(0)} ms, blocking ${load.blockingMs.toFixed(0)} ms`,
      );
    }
  }
} finally {
  await browser.close();
  for (const side of sides) await side.server.stop();
}
const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;
for (const side of sides) {
  console.log(
    `${side.checkout}: median busy time after the first paint ${median(side.loads.map((load) => load.busyMs)).toFixed(0)} ms, blocking ${median(side.loads.map((load) => load.blockingMs)).toFixed(0)} ms (${threadTime ? '4 x thread time at 1x' : '4x CPU'})`,
  );
}
