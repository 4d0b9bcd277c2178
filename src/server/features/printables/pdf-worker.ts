import { parentPort, workerData } from 'node:worker_threads';
import type { PdfJob } from './pdf-jobs';
import { buildKeepsake, generatePrintable, inspectPdf, mergeWorkbook } from './pdf-work';

/**
 * The entry of a PDF worker thread (decision 0121): runs the one job it was started with and posts
 * `{ok, result}` or `{ok: false, message}`. Compiled to dist/server/pdf-worker.js beside main.js.
 */
async function run(job: PdfJob): Promise<unknown> {
  switch (job.kind) {
    case 'inspect':
      return inspectPdf(job.file, job.maxPages);
    case 'merge':
      return mergeWorkbook(job.sources, job.target, job.printablesDir, job.title);
    case 'printable':
      await generatePrintable(job.week, job.target);
      return null;
    case 'keepsake':
      return buildKeepsake(job.source, job.target, job.workDir, job.title);
  }
}

run(workerData as PdfJob).then(
  (result) => parentPort?.postMessage({ ok: true, result }),
  (error: unknown) =>
    parentPort?.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) }),
);
