import { AppError } from '../../../shared/errors';
import type { InspectResult } from '../printables/pdf-work';
import { KeptPdfWorker, PdfJobTimeout } from '../printables/pdf-jobs';

/**
 * An upload is read before it is stored (decision 0121): parsed in a worker thread with a time and
 * a page limit, so no file can make the complete workbook's build unbounded, and a PDF that cannot
 * be read is refused at upload with a message instead of being left out of the workbook later.
 * One worker is kept for a burst of uploads and ended a minute after the last (decision 0188).
 */
export const MAX_FRAMEWORK_PAGES = 2_000;
/** How long reading one upload may take. A 10 MB PDF of ordinary pages takes well under a second. */
export const PDF_READ_TIME_LIMIT_MS = 20_000;
/** The reading worker's heap limit: far above what a 10 MB PDF of 2,000 pages needs. */
const READ_HEAP_MB = 256;
/** How long the reading worker is kept after an upload, for the next one of a burst. */
export const READ_WORKER_IDLE_MS = 60_000;

const readingWorker = new KeptPdfWorker({ heapMb: READ_HEAP_MB, idleMs: READ_WORKER_IDLE_MS });

export const UNREADABLE_PDF_MESSAGE =
  'framework could not be read as a PDF: the file is damaged or incomplete. Export or save it as a PDF again and upload the new file.';
export const ENCRYPTED_PDF_MESSAGE = 'framework is password-protected: upload a PDF without a password.';
export const EMPTY_PDF_MESSAGE = 'framework has no pages.';
export const tooManyPagesMessage = (pages: number) =>
  `framework has ${pages.toLocaleString('en-US')} pages: the maximum is ${MAX_FRAMEWORK_PAGES.toLocaleString('en-US')}.`;
export const tooSlowMessage = (timeoutMs: number) =>
  `framework took too long to read (over ${Math.round(timeoutMs / 1000)} seconds): simplify the PDF or split it, then upload it again.`;

/**
 * Reads the PDF at `file` in a worker and answers its page count, or refuses it (400) with a
 * message naming the field: unreadable, encrypted, empty, over the page limit or over the time limit.
 */
export async function assertReadablePdf(
  file: string,
  { maxPages = MAX_FRAMEWORK_PAGES, timeoutMs = PDF_READ_TIME_LIMIT_MS, worker = readingWorker } = {},
): Promise<number> {
  let result: InspectResult;
  try {
    result = await worker.run({ kind: 'inspect', file, maxPages }, timeoutMs);
  } catch (error) {
    if (error instanceof PdfJobTimeout) throw new AppError('BAD_REQUEST', tooSlowMessage(timeoutMs));
    // The worker ran out of memory or crashed on the file: it cannot be merged either.
    if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      throw new AppError('BAD_REQUEST', UNREADABLE_PDF_MESSAGE);
    }
    throw error;
  }
  if (result.ok) return result.pages;
  switch (result.reason) {
    case 'encrypted':
      throw new AppError('BAD_REQUEST', ENCRYPTED_PDF_MESSAGE);
    case 'no-pages':
      throw new AppError('BAD_REQUEST', EMPTY_PDF_MESSAGE);
    case 'too-many-pages':
      throw new AppError('BAD_REQUEST', tooManyPagesMessage(result.pages));
    default:
      throw new AppError('BAD_REQUEST', UNREADABLE_PDF_MESSAGE);
  }
}
