import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import fs from 'node:fs/promises';
import path from 'node:path';
import { WORKBOOK_TITLE } from '../../../shared/constants';
import type { AppDeps } from '../../deps/app-deps';
import { ensurePrivateDir } from '../../platform/private-files';
import { printableKey, printablesDir } from '../printables/cache';
import { weeksWithPrintableContent } from '../printables/content';
import type { PrintableWeek } from '../printables/framework-pdf';
import { runPdfJob } from '../printables/pdf-jobs';
import { listFrameworkFiles, type FrameworkFile } from './repo';

/**
 * The complete workbook: every week's framework in week order, the seller's upload or else the
 * printable generated from the week's content (decision 0120).
 *
 * Built in a worker thread that writes the file one week at a time (decision 0121): the event loop
 * only waits, and memory holds one week's PDF at most. The result is kept in `DATA_DIR/cache/`,
 * named by a hash of the sources (week, file, size, upload time; or the printable's key): an
 * upload, replacement, deletion or content edit changes it, so the next download builds a fresh
 * file and the stale ones are removed. Builds of the same sources share one promise, and the file is
 * written to a temporary name and renamed into place, so no reader ever sees half a PDF. A download
 * waits for a build at most `WORKBOOK_TIMING.waitMs`; after that it is told the workbook is being
 * prepared, and the build goes on.
 */
export const WORKBOOK_TIMING = {
  /** How long a download waits for a build before answering "being prepared" (202). */
  waitMs: 1_500,
  /** A build still running after this is stopped (the next download starts another). */
  buildTimeLimitMs: 10 * 60_000,
};
/** Seconds the page waits before asking again while the workbook is being prepared. */
export const WORKBOOK_RETRY_AFTER_SECONDS = 3;

const builds = new Map<string, Promise<boolean>>();

export interface WorkbookFiles {
  /**
   * A local path holding an upload's bytes, for the merge worker: the PDF folder's file, or on S3
   * a copy fetched into DATA_DIR/cache/uploads first (decision 0170). Null when it is not stored.
   */
  uploadPath: (fileName: string) => Promise<string | null>;
  cacheDir: string;
  printablesDir: string;
}

/** One week of the workbook: its upload, its content for the generated printable, or both. */
export interface WorkbookSource {
  weekNumber: number;
  upload: FrameworkFile | null;
  printable: PrintableWeek | null;
}

export type WorkbookAnswer = { kind: 'ready'; handle: FileHandle } | { kind: 'preparing' } | { kind: 'empty' };

export function workbookFiles(deps: AppDeps): WorkbookFiles {
  return {
    uploadPath: (fileName) => deps.files.localPath(fileName),
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

function workbookPath(files: WorkbookFiles, sources: WorkbookSource[]): string {
  const key = createHash('sha256')
    .update(JSON.stringify(sources.map(sourceKey)))
    .digest('hex')
    .slice(0, 32);
  return path.join(files.cacheDir, `workbook-${key}.pdf`);
}

/**
 * The build of these sources: the one under way, or a new one. Resolves true once the file is in
 * place, false when no week could be read. A failure is passed to every caller's `onError` (a
 * route logs it) and rejects for whoever awaits it.
 */
export function startWorkbookBuild(
  files: WorkbookFiles,
  sources: WorkbookSource[],
  onError: (error: unknown) => void = () => {},
): Promise<boolean> {
  const target = workbookPath(files, sources);
  let build = builds.get(target);
  if (!build) {
    build = buildMergedWorkbook(files, sources, target).finally(() => builds.delete(target));
    builds.set(target, build);
  }
  // Every caller hears of a failure, including one that stopped waiting.
  build.catch(onError);
  return build;
}

/**
 * Waits until no build writes under this app's data folder any more, whether it succeeds or
 * fails: the app's close awaits it, so nothing is written into DATA_DIR after the app has closed.
 */
export async function settleWorkbookBuilds(files: WorkbookFiles): Promise<void> {
  const underCache = path.resolve(files.cacheDir) + path.sep;
  const running = [...builds].filter(([target]) => path.resolve(target).startsWith(underCache));
  await Promise.allSettled(running.map(([, build]) => build));
}

/**
 * Opens the merged workbook for reading, building it first when needed: `ready` with an open handle
 * (the caller owns it; the file stays readable even if a newer build removes it), `preparing` when
 * the build takes longer than `waitMs`, `empty` when there is nothing to merge.
 */
export async function openMergedWorkbook(
  files: WorkbookFiles,
  sources: WorkbookSource[],
  { waitMs = WORKBOOK_TIMING.waitMs, onBuildError }: { waitMs?: number; onBuildError?: (error: unknown) => void } = {},
): Promise<WorkbookAnswer> {
  if (sources.length === 0) return { kind: 'empty' };
  const target = workbookPath(files, sources);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      return { kind: 'ready', handle: await fs.open(target, 'r') };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const build = startWorkbookBuild(files, sources, onBuildError);
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<'waiting'>((resolve) => {
      timer = setTimeout(() => resolve('waiting'), waitMs);
    });
    const outcome = await Promise.race([build, waited]).finally(() => clearTimeout(timer));
    if (outcome === 'waiting') return { kind: 'preparing' };
    if (!outcome) return { kind: 'empty' };
  }
  return { kind: 'preparing' };
}

async function buildMergedWorkbook(files: WorkbookFiles, sources: WorkbookSource[], target: string): Promise<boolean> {
  const startedAt = Date.now();
  await ensurePrivateDir(files.cacheDir);
  // Fetched one after another: on S3 that is one object in flight, not the whole course at once.
  const uploadPaths: (string | null)[] = [];
  for (const source of sources) uploadPaths.push(source.upload ? await files.uploadPath(source.upload.fileName) : null);
  const result = await runPdfJob(
    {
      kind: 'merge',
      sources: sources.map((source, index) => ({
        weekNumber: source.weekNumber,
        uploadPath: uploadPaths[index] ?? null,
        printable: source.printable,
      })),
      target,
      printablesDir: files.printablesDir,
      title: WORKBOOK_TITLE,
    },
    WORKBOOK_TIMING.buildTimeLimitMs,
  );
  if (result.pages === 0) return false;
  await removeStaleWorkbooks(files.cacheDir, path.basename(target), startedAt);
  return true;
}

/**
 * Removes the workbooks written before this build started: they were built from sources at least as
 * old as its own. A file written since stays, even one finished before this build: two builds for
 * different sources can overlap (an upload while a build runs), and the later-started one, with the
 * newer sources, may finish first; removing its file would send its next download back to "being
 * prepared". An older build's file left that way goes with the next build.
 */
async function removeStaleWorkbooks(cacheDir: string, keep: string, startedAt: number): Promise<void> {
  const names = await fs.readdir(cacheDir).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith('workbook-') && name !== keep && !name.endsWith('.tmp'))
      .map(async (name) => {
        const file = path.join(cacheDir, name);
        const at = await modifiedAt(file);
        if (at !== null && at < startedAt) await fs.rm(file, { force: true });
      }),
  );
}

async function modifiedAt(file: string): Promise<number | null> {
  return fs.stat(file).then(
    (stats) => stats.mtimeMs,
    () => null,
  );
}
