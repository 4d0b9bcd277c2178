import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { nowIso } from '../../db/client';
import type { FrameworkUploadFields } from '../../../shared/frameworks-schemas';
import type { AppDeps } from '../../deps/app-deps';
import type { Framework } from './repo';
import { saveFramework } from './service';
import { receivePdf, removeQuietly } from './storage';

/** A real PDF made with pdf-lib, with some text so two PDFs differ. */
export async function makePdf(text = `Framework ${randomBytes(4).toString('hex')}`): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawText(text, { x: 56, y: 770, size: 18, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await pdf.save());
}

/**
 * A valid PDF padded to exactly `size` bytes: PDF readers ignore bytes after %%EOF, and our check
 * only reads the header, so the padding makes size tests real PDFs of a chosen length.
 */
export async function makePdfOfSize(size: number): Promise<Buffer> {
  const pdf = await makePdf('Padded framework');
  if (size < pdf.length) throw new Error(`a PDF needs at least ${pdf.length} bytes`);
  return Buffer.concat([pdf, Buffer.alloc(size - pdf.length, 0x0a)]);
}

export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; content: Buffer; contentType?: string };

/** A multipart/form-data body built by hand, parts in the given order, as a browser would send it. */
export function multipartBody(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----vows-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/pdf'}\r\n\r\n`,
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The usual upload form: fields first, then the file. */
export function uploadForm(
  fields: { weekNumber?: string; title?: string; description?: string },
  pdf?: Buffer,
  filename = 'framework.pdf',
) {
  const parts: FormPart[] = [];
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) parts.push({ name, value });
  if (pdf) parts.push({ name: 'framework', filename, content: pdf });
  return multipartBody(parts);
}

/** Names of the files in a folder (none when it does not exist). */
export function filesIn(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

/** Marks weeks completed for a couple, straight in the progress table (the unlock rule reads it). */
export async function completeWeeks(deps: AppDeps, coupleId: number, weeks: number[]): Promise<void> {
  const now = nowIso();
  for (const week of weeks) {
    await deps.db
      .insertInto('progress')
      .values({ couple_id: coupleId, week_number: week, notes: '', rating: null, completed_at: now, updated_at: now })
      .execute();
  }
}

/**
 * Stores PDF bytes held in memory through the same path as an upload: temporary file, signature
 * and size check, rename, row.
 */
export async function storeFrameworkPdf(
  deps: AppDeps,
  fields: FrameworkUploadFields,
  bytes: Uint8Array,
): Promise<{ framework: Framework; replaced: boolean }> {
  const upload = await receivePdf(deps.config.pdfDir, Readable.from([Buffer.from(bytes)]));
  try {
    return await saveFramework(deps, fields, upload);
  } finally {
    await removeQuietly(upload.tempPath);
  }
}
