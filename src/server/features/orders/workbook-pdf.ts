import { createHash, randomBytes } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument, type PDFPage } from 'pdf-lib';
import { WORKBOOK_TITLE } from '../../../shared/constants';
import { ensurePrivateDir, writePrivateFile } from '../../private-files';
import type { FrameworkFile } from './repo';

/**
 * The complete workbook: every uploaded weekly framework merged in week order with pdf-lib.
 *
 * Merging up to 52 PDFs of up to 10 MB each is too much work to repeat for every download, so the
 * result is kept in `DATA_DIR/cache/`, named by a hash of the framework list (week, file, size,
 * upload time). An upload, replacement or deletion changes the list, so the next download builds a
 * fresh file and removes the stale ones. Builds of the same list share one promise, and a file is
 * written to a temporary name and renamed into place, so no reader ever sees half a PDF.
 */
const builds = new Map<string, Promise<boolean>>();

export interface WorkbookFiles {
  pdfDir: string;
  cacheDir: string;
}

/**
 * Opens the merged workbook for reading, building it first when needed. Answers null when there is
 * nothing to merge (no framework uploaded, or none of their files could be read). The caller owns the
 * handle; once open, the file stays readable even if a newer build removes it.
 */
export async function openMergedWorkbook(
  files: WorkbookFiles,
  frameworks: FrameworkFile[],
): Promise<FileHandle | null> {
  if (frameworks.length === 0) return null;
  const key = createHash('sha256')
    .update(JSON.stringify(frameworks.map((f) => [f.weekNumber, f.fileName, f.fileSize, f.uploadedAt])))
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
  frameworks: FrameworkFile[],
  target: string,
): Promise<boolean> {
  const merged = await PDFDocument.create();
  merged.setTitle(WORKBOOK_TITLE);
  merged.setCreator('Vows & Weeks');
  for (const framework of frameworks) {
    const pages = await copyFrameworkPages(merged, files.pdfDir, framework.fileName);
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
