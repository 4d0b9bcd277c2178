import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MAX_PDF_BYTES } from '../../../shared/constants';
import { AppError } from '../../../shared/errors';
import { MAX_PDF_LABEL, PDF_SIGNATURE } from '../../../shared/frameworks-schemas';
import type { FileStore } from '../../files/store';
import { openPrivateFile } from '../../platform/private-files';
import { storageError } from '../../platform/storage-errors';

/**
 * The PDF folder (config.pdfDir): where uploads are received and checked, and, on local disk, where
 * they are renamed into place and removed (on S3 the file store holds the stored files, decision
 * 0170). Every name is chosen here; nothing a client sends becomes part of a path or a key.
 *
 *   .upload-<random>.tmp     an upload being received (removed on failure and at start-up)
 *   week-07-<random>.pdf     a stored framework, referenced by exactly one frameworks row
 */
const TEMP_PREFIX = '.upload-';
const TEMP_SUFFIX = '.tmp';
const TEMP_FILE_PATTERN = /^\.upload-[0-9a-f]+\.tmp$/;
const STORED_FILE_PATTERN = /^week-\d{2}-[0-9a-f]{16}\.pdf$/;
const SIGNATURE = Buffer.from(PDF_SIGNATURE, 'latin1');

export const NOT_A_PDF_MESSAGE = 'framework must be a PDF file (its content does not start with %PDF-).';
export const PDF_TOO_LARGE_MESSAGE = `framework is too large: the maximum is ${MAX_PDF_LABEL}.`;

/** A PDF received into a temporary file in the PDF folder, not yet visible to anyone. */
export interface ReceivedPdf {
  tempPath: string;
  size: number;
}

/** A fresh, unguessable name for week N's file, e.g. `week-07-3f9a0c1d2b4e5f60.pdf`. */
export function newStoredFileName(weekNumber: number): string {
  return `week-${String(weekNumber).padStart(2, '0')}-${randomBytes(8).toString('hex')}.pdf`;
}

function tooLarge(): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', PDF_TOO_LARGE_MESSAGE);
}

/**
 * Passes bytes through while checking that they start with `%PDF-` and stay within the limit; fails
 * the stream (and so the whole pipeline) as soon as either is broken.
 */
function pdfGuard(maxBytes: number): { stream: Transform; size: () => number } {
  let head = Buffer.alloc(0);
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head.length < SIGNATURE.length) {
        head = Buffer.concat([head, chunk.subarray(0, SIGNATURE.length - head.length)]);
        if (!SIGNATURE.subarray(0, head.length).equals(head)) {
          callback(new AppError('BAD_REQUEST', NOT_A_PDF_MESSAGE));
          return;
        }
      }
      size += chunk.length;
      if (size > maxBytes) {
        callback(tooLarge());
        return;
      }
      callback(null, chunk);
    },
    flush(callback) {
      callback(head.equals(SIGNATURE) ? null : new AppError('BAD_REQUEST', NOT_A_PDF_MESSAGE));
    },
  });
  return { stream, size: () => size };
}

/**
 * Streams `source` into a new temporary file in the PDF folder, checking the PDF signature and the
 * size on the way (`source.truncated`, set by the multipart parser at its own limit, also counts as
 * too large). The file is flushed to disk before this returns. On any failure the temporary file is
 * removed and the error is a 400 (not a PDF), 413 (too large), 507 (disk full) or the source's own.
 */
export async function receivePdf(
  pdfDir: string,
  source: Readable & { truncated?: boolean },
  maxBytes: number = MAX_PDF_BYTES,
): Promise<ReceivedPdf> {
  const tempPath = path.join(pdfDir, `${TEMP_PREFIX}${randomBytes(12).toString('hex')}${TEMP_SUFFIX}`);
  try {
    const handle = await openPrivateFile(tempPath);
    const guard = pdfGuard(maxBytes);
    await pipeline(source, guard.stream, handle.createWriteStream());
    if (source.truncated) throw tooLarge();
    const flush = await fs.open(tempPath, 'r+');
    try {
      await flush.sync();
    } finally {
      await flush.close();
    }
    return { tempPath, size: guard.size() };
  } catch (error) {
    await fs.rm(tempPath, { force: true });
    throw storageError(error) ?? error;
  }
}

/** Removes a file if it is there; never throws (a leftover is swept at the next start-up). */
export async function removeQuietly(filePath: string): Promise<void> {
  await fs.rm(filePath, { force: true }).catch(() => undefined);
}

/**
 * Start-up sweep of the PDF folder: removes temporary files of uploads that were interrupted, and
 * stored-looking files that no row references (a crash between the rename and the commit).
 * Files of any other name are left alone. Returns the names it removed.
 */
export async function sweepPdfDir(pdfDir: string, referenced: ReadonlySet<string>): Promise<string[]> {
  let entries: string[];
  try {
    entries = await fs.readdir(pdfDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const stale = entries.filter(
    (name) => TEMP_FILE_PATTERN.test(name) || (STORED_FILE_PATTERN.test(name) && !referenced.has(name)),
  );
  await Promise.all(stale.map((name) => fs.rm(path.join(pdfDir, name), { force: true })));
  return stale;
}

/**
 * The file store's part of the start-up sweep (S3): removes stored-looking files no row references
 * that were written before `writtenBefore` (a newer one may be an upload in flight on another
 * process, whose row is about to be committed). Files of any other name are left alone.
 */
export async function sweepStoredFiles(
  files: FileStore,
  referenced: ReadonlySet<string>,
  writtenBefore: number,
): Promise<string[]> {
  const stale = (await files.list())
    .filter(
      ({ name, modifiedAt }) => STORED_FILE_PATTERN.test(name) && !referenced.has(name) && modifiedAt < writtenBefore,
    )
    .map(({ name }) => name);
  await Promise.all(stale.map((name) => files.remove(name)));
  return stale;
}
