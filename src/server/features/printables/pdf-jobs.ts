import { Worker } from 'node:worker_threads';
import { compiledWorkerEntry } from '../../platform/source-worker';
import type { CertificatePdfData } from './certificate-pdf';
import type { PrintableWeek } from './framework-pdf';
import type { GiftCard } from './gift-card-pdf';
import type { InspectResult, MergeResult, MergeSource } from './pdf-work';

/**
 * PDF work off the event loop (decision 0121): a job runs in a worker thread, so a large merge or a
 * hostile upload never stalls other requests, and a job over its time limit is simply terminated.
 * The thread is kept for the next job of a burst (`KeptPdfWorker`, decisions 0188 and 0295).
 */
export type PdfJob =
  | { kind: 'inspect'; file: string; maxPages: number }
  | { kind: 'merge'; sources: MergeSource[]; target: string; printablesDir: string; title: string }
  | { kind: 'printable'; week: PrintableWeek; target: string }
  | { kind: 'keepsake'; source: string; target: string; workDir: string; title: string }
  | { kind: 'gift-card'; card: GiftCard }
  | { kind: 'certificate'; certificate: CertificatePdfData }
  /** The characters of `text` the print fonts cannot draw (a legal name checked before it is saved). */
  | { kind: 'unprintable'; text: string };

interface PdfJobResults {
  inspect: InspectResult;
  merge: MergeResult;
  printable: null;
  keepsake: MergeResult;
  'gift-card': Uint8Array;
  certificate: Uint8Array;
  unprintable: string[];
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

/**
 * Where the worker's code is: `pdf-worker.js` beside the compiled `dist/server/main.js` (decision
 * 0105), or, running from the TypeScript source (tests, `npm run dev`), pdf-worker.ts compiled once
 * for this process (decision 0289).
 */
function workerScript(): URL {
  if (import.meta.url.endsWith('.ts')) return compiledWorkerEntry(new URL('./pdf-worker.ts', import.meta.url));
  return new URL('./pdf-worker.js', import.meta.url);
}

type WorkerAnswer = { ok: boolean; result?: unknown; message?: string };

function startWorker(heapMb: number): Worker {
  return new Worker(workerScript(), { resourceLimits: { maxOldGenerationSizeMb: heapMb } });
}

/**
 * Sends `job` to `worker` and settles on its answer, its crash or its time limit. The worker is
 * left running; `onEnd` says whether it can take another job (it answered) or must be ended (it
 * crashed, stopped or ran over time).
 */
function runOn<J extends PdfJob>(
  worker: Worker,
  job: J,
  timeoutMs: number,
  onEnd: (reusable: boolean) => void,
): Promise<PdfJobResults[J['kind']]> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (reusable: boolean, outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      onEnd(reusable);
      outcome();
    };
    const onMessage = (message: WorkerAnswer) =>
      finish(true, () =>
        message.ok
          ? resolve(message.result as PdfJobResults[J['kind']])
          : reject(new Error(message.message ?? 'The PDF job failed.')),
      );
    const onError = (error: Error) => finish(false, () => reject(error));
    const onExit = (code: number) =>
      finish(false, () => reject(new Error(`The PDF worker stopped (exit code ${code}).`)));
    const timer = setTimeout(() => finish(false, () => reject(new PdfJobTimeout(job.kind, timeoutMs))), timeoutMs);
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
    worker.postMessage(job);
  });
}

/** Runs one PDF job in a new worker thread, ended with it. */
function runInNewWorker<J extends PdfJob>(
  job: J,
  timeoutMs: number,
  heapMb: number,
): Promise<PdfJobResults[J['kind']]> {
  const worker = startWorker(heapMb);
  return runOn(worker, job, timeoutMs, () => void worker.terminate());
}

export interface KeptWorkerOptions {
  /** The worker's own JavaScript heap limit. */
  heapMb: number;
  /** How long the worker is kept after its last job before it is ended. */
  idleMs: number;
}

/**
 * One worker thread kept for a burst of jobs (decision 0188): uploads come in bursts
 * (an admin uploading the weeks one after another), and every new thread leaves its memory arenas
 * with the process's allocator when it ends, so a thread per upload grew the server by about 3x the
 * file. The kept worker takes the next job while it is alive, and is ended `idleMs` after its last
 * one, so an idle server holds no thread. A job over its time limit, or one that crashes the
 * worker, ends it; the next job starts a new one. A job that arrives while the kept worker is busy
 * runs in a worker of its own, ended with it, so one slow file never queues another.
 */
export class KeptPdfWorker {
  private worker: Worker | null = null;
  private busy = false;
  private idleTimer: NodeJS.Timeout | null = null;
  /** How many worker threads this has started (tests check a killed worker is replaced). */
  started = 0;

  constructor(private readonly options: KeptWorkerOptions) {}

  /** Whether a worker thread is alive (busy or waiting for the next job). */
  get alive(): boolean {
    return this.worker !== null;
  }

  run<J extends PdfJob>(job: J, timeoutMs: number): Promise<PdfJobResults[J['kind']]> {
    if (this.busy) return runInNewWorker(job, timeoutMs, this.options.heapMb);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (!this.worker) {
      this.worker = startWorker(this.options.heapMb);
      this.started += 1;
    }
    const worker = this.worker;
    this.busy = true;
    worker.ref();
    return runOn(worker, job, timeoutMs, (reusable) => {
      this.busy = false;
      if (!reusable) {
        this.end(worker);
        return;
      }
      // Waiting for the next job must not keep the process alive.
      worker.unref();
      this.idleTimer = setTimeout(() => this.end(worker), this.options.idleMs);
      this.idleTimer.unref();
    });
  }

  /** Ends the worker now (after its idle time, or when it ran over time or crashed). */
  close(): void {
    if (this.worker) this.end(this.worker);
  }

  private end(worker: Worker): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (this.worker === worker) this.worker = null;
    void worker.terminate();
  }
}

/**
 * The jobs' kept worker (decision 0295): a new thread loads pdf-lib, its font engine and the print
 * fonts again before any page is drawn (a week's printable: 1.3 s in a new thread, 63 ms in a kept
 * one, on a 2-core server), and a couple asks for several PDFs in a row. Ended 10 s after its last
 * job, so the memory of a large build is not held for long.
 */
export const jobWorker = new KeptPdfWorker({ heapMb: 256, idleMs: 10_000 });

/** Runs one PDF job in the kept worker (or, while that is busy, a thread of its own); rejects on its error, its crash or its time limit. */
export function runPdfJob<J extends PdfJob>(job: J, timeoutMs: number): Promise<PdfJobResults[J['kind']]> {
  return jobWorker.run(job, timeoutMs);
}

/** How long generating one week's printable may take. */
export const PRINTABLE_TIME_LIMIT_MS = 30_000;

/** ensurePrintable's generator for the server: the generation runs in a worker thread. */
export async function generatePrintableInWorker(week: PrintableWeek, target: string): Promise<void> {
  await runPdfJob({ kind: 'printable', week, target }, PRINTABLE_TIME_LIMIT_MS);
}

/** How long drawing one gift card may take. */
export const GIFT_CARD_TIME_LIMIT_MS = 15_000;

/** The printable gift card (decision 0242), drawn in a worker thread like every PDF. */
export async function renderGiftCardInWorker(card: GiftCard): Promise<Uint8Array> {
  return runPdfJob({ kind: 'gift-card', card }, GIFT_CARD_TIME_LIMIT_MS);
}
