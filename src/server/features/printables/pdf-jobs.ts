import { Worker } from 'node:worker_threads';
import type { PrintableWeek } from './framework-pdf';
import type { InspectResult, MergeResult, MergeSource } from './pdf-work';

/**
 * PDF work off the event loop (decision 0121): each job runs in a worker thread of its own, started
 * for it and ended with it, so a large merge or a hostile upload never stalls other requests, its
 * memory is returned when it ends, and a job over its time limit is simply terminated.
 */
export type PdfJob =
  | { kind: 'inspect'; file: string; maxPages: number }
  | { kind: 'merge'; sources: MergeSource[]; target: string; printablesDir: string; title: string }
  | { kind: 'printable'; week: PrintableWeek; target: string }
  | { kind: 'keepsake'; source: string; target: string; workDir: string; title: string };

interface PdfJobResults {
  inspect: InspectResult;
  merge: MergeResult;
  printable: null;
  keepsake: MergeResult;
}

export class PdfJobTimeout extends Error {
  constructor(
    readonly kind: PdfJob['kind'],
    readonly timeoutMs: number,
  ) {
    super(`The PDF ${kind} job did not finish within ${timeoutMs} ms.`);
    this.name = 'PdfJobTimeout';
  }
}

export interface PdfJobLimits {
  timeoutMs: number;
  /** The worker's own JavaScript heap limit; file buffers live outside it. */
  heapMb?: number;
}

/**
 * Where the worker's code is: beside this module as TypeScript (tests, `npm run dev`, run through
 * tsx), or `pdf-worker.js` beside the compiled `dist/server/main.js` (decision 0105).
 */
function workerScript(): { url: URL; execArgv: string[] } {
  if (import.meta.url.endsWith('.ts')) {
    return { url: new URL('./pdf-worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] };
  }
  return { url: new URL('./pdf-worker.js', import.meta.url), execArgv: [] };
}

/** Runs one PDF job in a new worker thread; rejects on its error, its crash or its time limit. */
export function runPdfJob<J extends PdfJob>(job: J, limits: PdfJobLimits): Promise<PdfJobResults[J['kind']]> {
  const { url, execArgv } = workerScript();
  return new Promise((resolve, reject) => {
    let settled = false;
    const worker = new Worker(url, {
      workerData: job,
      execArgv,
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb ?? 256 },
    });
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => finish(() => reject(new PdfJobTimeout(job.kind, limits.timeoutMs))),
      limits.timeoutMs,
    );
    worker.once('message', (message: { ok: boolean; result?: unknown; message?: string }) =>
      finish(() =>
        message.ok
          ? resolve(message.result as PdfJobResults[J['kind']])
          : reject(new Error(message.message ?? 'The PDF job failed.')),
      ),
    );
    worker.once('error', (error) => finish(() => reject(error)));
    worker.once('exit', (code) => finish(() => reject(new Error(`The PDF worker stopped (exit code ${code}).`))));
  });
}

/** How long generating one week's printable may take. */
export const PRINTABLE_TIME_LIMIT_MS = 30_000;

/** ensurePrintable's generator for the server: the generation runs in a worker thread. */
export async function generatePrintableInWorker(week: PrintableWeek, target: string): Promise<void> {
  await runPdfJob({ kind: 'printable', week, target }, { timeoutMs: PRINTABLE_TIME_LIMIT_MS });
}
