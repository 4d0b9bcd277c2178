import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import {
  EncryptedPDFError,
  PDFContext,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFObjectCopier,
  type PDFObject,
  type PDFPageLeaf,
  PDFRef,
} from 'pdf-lib';
import { randomBytes } from 'node:crypto';
import { PRIVATE_FILE_MODE, writePrivateFile } from '../../platform/private-files';
import { ensurePrintable } from './cache';
import { generateFrameworkPdf, type PrintableWeek } from './framework-pdf';
import { type KeepsakePart, renderKeepsakePart } from './keepsake-pdf';

/*
 * The PDF work that must not run on the server's event loop (decision 0121). These functions run
 * inside a worker thread (pdf-worker.ts); pdf-jobs.ts starts them there with a time limit.
 */

/**
 * Generates a week's printable into `target` (through a temporary file and a rename). Here, with
 * the worker's other PDF work, so the main thread never loads pdf-lib (decision 0176).
 */
export async function writePrintable(week: PrintableWeek, target: string): Promise<void> {
  const bytes = await generateFrameworkPdf(week);
  const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writePrivateFile(temporary, bytes);
    await fsp.rename(temporary, target);
  } catch (error) {
    await fsp.rm(temporary, { force: true });
    throw error;
  }
}

/**
 * The buffer this thread reads uploads into, kept for the next one: a kept worker reads a burst of
 * uploads (decision 0188), and a new buffer per file left the last file's 10 MB waiting for the
 * collector while the next was read, so each upload grew the server by twice its size. Only one
 * job runs in a thread at a time, and nothing of a job outlives it, so reusing it is safe.
 */
let readBuffer: Buffer | null = null;

export async function readIntoKeptBuffer(file: string): Promise<Uint8Array> {
  const handle = await fsp.open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (!readBuffer || readBuffer.length < size) {
      readBuffer = null;
      readBuffer = Buffer.allocUnsafe(size);
    }
    let length = 0;
    while (length < size) {
      const { bytesRead } = await handle.read(readBuffer, length, size - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    return readBuffer.subarray(0, length);
  } finally {
    await handle.close();
  }
}

/** What reading an uploaded PDF found. */
export type InspectResult =
  | { ok: true; pages: number }
  | { ok: false; reason: 'unreadable' | 'encrypted' | 'no-pages' }
  | { ok: false; reason: 'too-many-pages'; pages: number };

/**
 * Reads an uploaded PDF the way the complete workbook will (pdf-lib), and counts its pages. A file
 * pdf-lib cannot parse, an encrypted one, one without pages or with more than `maxPages` is refused.
 * The page count is read from the page tree before walking it, so a file claiming 60,000 pages is
 * refused without building 60,000 page objects.
 */
export async function inspectPdf(file: string, maxPages: number): Promise<InspectResult> {
  let pdf: PDFDocument;
  try {
    pdf = await PDFDocument.load(await readIntoKeptBuffer(file), { updateMetadata: false });
  } catch (error) {
    return { ok: false, reason: error instanceof EncryptedPDFError ? 'encrypted' : 'unreadable' };
  }
  try {
    const claimed = pdf.catalog.Pages().Count().asNumber();
    if (claimed > maxPages) return { ok: false, reason: 'too-many-pages', pages: claimed };
    const pages = pdf.getPages();
    if (pages.length > maxPages) return { ok: false, reason: 'too-many-pages', pages: pages.length };
    if (pages.length === 0) return { ok: false, reason: 'no-pages' };
    // The merge copies every page with what it references: prove that works now, not at download.
    const copier = PDFObjectCopier.for(pdf.context, PDFContext.create());
    for (const page of pages) copier.copy(page.node);
    return { ok: true, pages: pages.length };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}

/** One week of the merged workbook: its upload's file, and its content for the printable. */
export interface MergeSource {
  weekNumber: number;
  uploadPath: string | null;
  printable: PrintableWeek | null;
}

export interface MergeResult {
  /** The weeks the file holds, in order. */
  weeks: number[];
  pages: number;
}

const CATALOG = 1;
const PAGE_TREE = 2;
const INFO = 3;
const FLUSH_BYTES = 1 << 20;

/** Appends to a file with plain synchronous writes (this runs in a worker), counting the offset. */
class FileWriter {
  offset = 0;
  private chunks: Uint8Array[] = [];
  private buffered = 0;
  constructor(private readonly fd: number) {}

  write(data: string | Uint8Array): void {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
    this.chunks.push(bytes);
    this.buffered += bytes.length;
    this.offset += bytes.length;
    if (this.buffered >= FLUSH_BYTES) this.flush();
  }

  flush(): void {
    if (this.chunks.length === 0) return;
    fs.writeSync(this.fd, Buffer.concat(this.chunks));
    this.chunks = [];
    this.buffered = 0;
  }
}

async function loadQuietly(file: string): Promise<PDFDocument | null> {
  try {
    const pdf = await PDFDocument.load(await fsp.readFile(file), { updateMetadata: false });
    return pdf.getPageCount() > 0 ? pdf : null;
  } catch {
    return null;
  }
}

/**
 * Writes the complete workbook to `target` one week at a time, so memory holds one week's PDF at
 * most (decision 0121): each week's pages and everything they reference are copied into a fresh
 * object table numbered after the previous week's, written out, and dropped. The page tree, the
 * catalogue and the cross-reference table come last. A week whose upload cannot be read uses its
 * printable; a week with neither is left out. Nothing is written to `target` itself but by a
 * rename at the end.
 */
export async function mergeWorkbook(
  sources: MergeSource[],
  target: string,
  printablesDir: string,
  title: string,
): Promise<MergeResult> {
  const temporary = `${target}.${process.pid}-${Date.now().toString(36)}.tmp`;
  const fd = fs.openSync(temporary, 'w', PRIVATE_FILE_MODE);
  const offsets: number[] = [];
  const pageRefs: number[] = [];
  const weeks: number[] = [];
  let nextNumber = INFO + 1;
  try {
    const out = new FileWriter(fd);
    out.write('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
    const writeObject = (number: number, object: PDFObject) => {
      offsets[number] = out.offset;
      const body = new Uint8Array(object.sizeInBytes());
      object.copyBytesInto(body, 0);
      out.write(`${number} 0 obj\n`);
      out.write(body);
      out.write('\nendobj\n');
    };
    const pageTree = PDFRef.of(PAGE_TREE);
    for (const source of sources) {
      let pdf = source.uploadPath ? await loadQuietly(source.uploadPath) : null;
      if (!pdf && source.printable) {
        pdf = await loadQuietly(await ensurePrintable(printablesDir, source.printable, writePrintable));
      }
      if (!pdf) continue;
      const context = PDFContext.create();
      context.largestObjectNumber = nextNumber - 1;
      const copier = PDFObjectCopier.for(pdf.context, context);
      for (const page of pdf.getPages()) {
        const copied = copier.copy(page.node) as PDFPageLeaf;
        copied.set(PDFName.of('Parent'), pageTree);
        pageRefs.push(context.register(copied).objectNumber);
      }
      for (const [ref, object] of context.enumerateIndirectObjects()) writeObject(ref.objectNumber, object);
      nextNumber = context.largestObjectNumber + 1;
      weeks.push(source.weekNumber);
    }
    if (pageRefs.length === 0) {
      fs.closeSync(fd);
      await fsp.rm(temporary, { force: true });
      return { weeks, pages: 0 };
    }
    const context = PDFContext.create();
    writeObject(
      PAGE_TREE,
      context.obj({ Type: 'Pages', Kids: pageRefs.map((number) => PDFRef.of(number)), Count: pageRefs.length }),
    );
    writeObject(CATALOG, context.obj({ Type: 'Catalog', Pages: pageTree }));
    writeObject(
      INFO,
      context.obj({
        Title: PDFHexString.fromText(title),
        Creator: PDFHexString.fromText('Vows & Weeks'),
        Producer: PDFHexString.fromText('Vows & Weeks (pdf-lib)'),
      }),
    );
    // Numbers no object took (a reference to nothing in a source) become null objects.
    for (let number = 1; number < nextNumber; number += 1) {
      if (offsets[number] === undefined) writeObject(number, context.obj(null));
    }
    const xref = out.offset;
    out.write(`xref\n0 ${nextNumber}\n0000000000 65535 f \n`);
    for (let number = 1; number < nextNumber; number += 1) {
      out.write(`${String(offsets[number]).padStart(10, '0')} 00000 n \n`);
    }
    out.write(`trailer\n<< /Size ${nextNumber} /Root ${CATALOG} 0 R /Info ${INFO} 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
    out.flush();
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    await fsp.rename(temporary, target);
    return { weeks, pages: pageRefs.length };
  } catch (error) {
    try {
      fs.closeSync(fd);
    } catch {
      // Already closed.
    }
    await fsp.rm(temporary, { force: true });
    throw error;
  }
}

/** A week's printable, written to `target` (the cache picks the name). */
export async function generatePrintable(week: PrintableWeek, target: string): Promise<void> {
  await fsp.mkdir(path.dirname(target), { recursive: true });
  await writePrintable(week, target);
}

/**
 * The keepsake (decision 0166): `source` holds one JSON part a line (the cover, then each completed
 * week, keepsake-pdf.ts). Each part is rendered to a PDF of its own in `workDir`, one at a time,
 * and the parts are then merged page by page into `target` (mergeWorkbook): memory holds one week.
 */
export async function buildKeepsake(
  source: string,
  target: string,
  workDir: string,
  title: string,
): Promise<MergeResult> {
  await fsp.mkdir(workDir, { recursive: true, mode: 0o700 });
  try {
    const sources: MergeSource[] = [];
    const lines = readline.createInterface({ input: fs.createReadStream(source, 'utf8'), crlfDelay: Infinity });
    for await (const line of lines) {
      if (line.trim() === '') continue;
      const part = JSON.parse(line) as KeepsakePart;
      const file = path.join(workDir, `part-${String(sources.length).padStart(3, '0')}.pdf`);
      await fsp.writeFile(file, await renderKeepsakePart(part), { mode: PRIVATE_FILE_MODE });
      sources.push({ weekNumber: part.kind === 'week' ? part.weekNumber : 0, uploadPath: file, printable: null });
    }
    return await mergeWorkbook(sources, target, workDir, title);
  } finally {
    await fsp.rm(workDir, { recursive: true, force: true });
  }
}
