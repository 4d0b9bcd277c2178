import { createHash, randomBytes } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument, type PDFPage } from 'pdf-lib';
import { WORKBOOK_TITLE } from '../../../shared/constants';
import type { AppDeps } from '../../deps';
import { ensurePrivateDir, writePrivateFile } from '../../private-files';
import { ensurePrintable, printableKey, printablesDir } from '../printables/cache';
import { weeksWithPrintableContent } from '../printables/content';
import type { PrintableWeek } from '../printables/framework-pdf';
import { listFrameworkFiles, type FrameworkFile } from './repo';

/**
 * The complete workbook: every week's framework merged in week order with pdf-lib: the seller's
 * upload, or the printable generated from the week's content (decision 0120).
 *
 * Merging up to 52 PDFs of up to 10 MB each is too much work to repeat for every download, so the
 * result is kept in `DATA_DIR/cache/`, named by a hash of the sources (week, file, size, upload time;
 * or the printable's key). An upload, replacement, deletion or content edit changes it, so the next
 * download builds a
 * fresh file and removes the stale ones. Builds of the same list share one promise, and a file is
 * written to a temporary name and renamed into place, so no reader ever sees half a PDF.
 */
const builds = new Map<string, Promise<boolean>>();

export interface WorkbookFiles {
  pdfDir: string;
  cacheDir: string;
  printablesDir: string;
}

/** One week of the workbook: its upload, its content for the generated printable, or both. */
export interface WorkbookSource {
  weekNumber: number;
  upload: FrameworkFile | null;
  printable: PrintableWeek | null;
}

export function workbookFiles(deps: AppDeps): WorkbookFiles {
  return {
    pdfDir: deps.config.pdfDir,
    cacheDir: path.join(deps.config.dataDir, 'cache'),
    printablesDir: printablesDir(deps.config.dataDir),
  };
}

/**
 * The weeks the complete workbook holds, in week order: every week with an upload or with content
 * of its own. Their number is the "N weekly frameworks" the download page announces.
 */
export async function workbookSources(deps: AppDeps): Promise<WorkbookSource[]> {
  const [uploads, contents] = await Promise.all([listFrameworkFiles(deps.db), weeksWithPrintableContent(deps)]);
  const byWeek = new Map(uploads.map((upload) => [upload.weekNumber, upload]));
  const weeks = [...new Set([...byWeek.keys(), ...contents.keys()])].sort((a, b) => a - b);
  return weeks.map((weekNumber) => ({
    weekNumber,
    upload: byWeek.get(weekNumber) ?? null,
    printable: contents.get(weekNumber) ?? null,
  }));
}

function sourceKey(source: WorkbookSource): unknown[] {
  const { upload, printable } = source;
  return [
    source.weekNumber,
    upload ? [upload.fileName, upload.fileSize, upload.uploadedAt] : null,
    printable ? printableKey(printable) : null,
  ];
}

/**
 * Opens the merged workbook for reading, building it first when needed. Answers null when there is
 * nothing to merge (no framework uploaded, or none of their files could be read). The caller owns the
 * handle; once open, the file stays readable even if a newer build removes it.
 */
export async function openMergedWorkbook(
  files: WorkbookFiles,
  frameworks: WorkbookSource[],
): Promise<FileHandle | null> {
  if (frameworks.length === 0) return null;
  const key = createHash('sha256')
    .update(JSON.stringify(frameworks.map(sourceKey)))
    .digest('hex')
    .slice(0, 32);
  const target = path.join(files.cacheDir, `workbook-${key}.pdf`);

  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      return await fs.open(target, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    let build = builds.get(target);
    if (!build) {
      build = buildMergedWorkbook(files, frameworks, target).finally(() => builds.delete(target));
      builds.set(target, build);
    }
    if (!(await build)) return null;
  }
  return null;
}

async function buildMergedWorkbook(
  files: WorkbookFiles,
  frameworks: WorkbookSource[],
  target: string,
): Promise<boolean> {
  const merged = await PDFDocument.create();
  merged.setTitle(WORKBOOK_TITLE);
  merged.setCreator('Vows & Weeks');
  for (const framework of frameworks) {
    let pages = framework.upload ? await copyFrameworkPages(merged, files.pdfDir, framework.upload.fileName) : [];
    if (pages.length === 0 && framework.printable) {
      const file = await ensurePrintable(files.printablesDir, framework.printable);
      pages = await copyFrameworkPages(merged, files.printablesDir, path.basename(file));
    }
    for (const page of pages) merged.addPage(page);
  }
  if (merged.getPageCount() === 0) return false;
  const bytes = await merged.save();

  await ensurePrivateDir(files.cacheDir);
  const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  await writePrivateFile(temporary, bytes);
  await fs.rename(temporary, target);
  await removeStaleWorkbooks(files.cacheDir, path.basename(target));
  return true;
}

/**
 * One framework's pages copied into `target`, or none when its file is gone or unreadable: a workbook
 * with the weeks that can be read is more use to a couple than an error. File names come from the
 * frameworks table; one that would leave the PDF folder is ignored.
 */
async function copyFrameworkPages(target: PDFDocument, pdfDir: string, fileName: string): Promise<PDFPage[]> {
  const root = path.resolve(pdfDir);
  const file = path.resolve(root, fileName);
  if (!file.startsWith(root + path.sep)) return [];
  try {
    const source = await PDFDocument.load(await fs.readFile(file), { updateMetadata: false });
    return await target.copyPages(source, source.getPageIndices());
  } catch {
    return [];
  }
}

async function removeStaleWorkbooks(cacheDir: string, keep: string): Promise<void> {
  const names = await fs.readdir(cacheDir).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith('workbook-') && name !== keep && !name.endsWith('.tmp'))
      .map((name) => fs.rm(path.join(cacheDir, name), { force: true })),
  );
}
