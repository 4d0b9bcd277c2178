import { parentPort } from 'node:worker_threads';
import { drawCertificate } from './certificate-pdf';
import type { PdfJob } from './pdf-jobs';
import { printCharacterSet } from './fonts';
import { renderGiftCardPdf } from './gift-card-pdf';
import { buildKeepsake, generatePrintable, inspectPdf, mergeWorkbook } from './pdf-work';

/**
 * The entry of a PDF worker thread (decision 0121): runs each job it is sent, one at a time, and
 * posts `{ok, result}` or `{ok: false, message}` for each (a kept worker takes several, decision
 * 0188). Compiled to dist/server/pdf-worker.js beside main.js.
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
    case 'gift-card':
      return renderGiftCardPdf(job.card);
    case 'certificate':
      return drawCertificate(job.certificate);
    case 'unprintable': {
      const supported = printCharacterSet();
      return [...new Set([...job.text].filter((char) => !supported.has(char.codePointAt(0) ?? 0)))];
    }
  }
}

parentPort?.on('message', (job: PdfJob) =>
  run(job).then(
    (result) => parentPort?.postMessage({ ok: true, result }),
    (error: unknown) =>
      parentPort?.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) }),
  ),
);
