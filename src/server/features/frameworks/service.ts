import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { TOTAL_WEEKS } from '../../../shared/constants';
import { AppError } from '../../../shared/errors';
import { weekFileName } from '../../../shared/download-names';
import {
  placeholderWeekTitle,
  type FrameworkUploadFields,
  type FrameworkWithAccess,
  type WeekState,
} from '../../../shared/frameworks-schemas';
import type { Success } from '../../../shared/schemas';
import { nextWeek, type WeekLockReason } from '../../../shared/unlock';
import { nowIso } from '../../db/client';
import type { AppDeps } from '../../deps/app-deps';
import type { AdminAuth, CoupleAuth } from '../auth/access';
import type { Locale } from '../../../shared/i18n/locales';
import { localeOfAccount } from '../i18n/locale';
import { ensurePrintable, printablesDir } from '../printables/cache';
import { printableWeekContent, weeksWithPrintableContent } from '../printables/content';
import { assertWeekUnlocked, unlockState } from '../progress/unlock';
import { generatePrintableInWorker } from '../printables/pdf-jobs';
import { assertReadablePdf } from './inspect';
import * as repo from './repo';
import { newStoredFileName, removeQuietly, sweepPdfDir, sweepStoredFiles, type ReceivedPdf } from './storage';
import { readRemembered } from '../../db/remembered-reads';

export type { Framework } from './repo';
/** One week as a couple's dashboard sees it (docs/product.md#http-api, frameworks-with-access). */
export type { FrameworkWithAccess };

export function notUploadedMessage(weekNumber: number): string {
  return `No framework has been uploaded for week ${weekNumber} yet.`;
}

/** Every uploaded framework, by week. */
export function listFrameworks(deps: AppDeps): Promise<repo.Framework[]> {
  return repo.listFrameworks(deps.db);
}

/**
 * The sentences a couple reads on the journey map when they choose a week that cannot be opened now
 * (docs/product.md#ui-texts). They are written here only: the page shows the week list's `notice`.
 */
export const WEEK_NOTICES = {
  'previous-week': (weekNumber: number) => `Complete Week ${weekNumber - 1} to unlock this week.`,
  'trial-limit': (weekNumber: number) =>
    `Week ${weekNumber} is part of the full course. Get the full course to unlock it.`,
  'coming-soon': (weekNumber: number) => `Week ${weekNumber} framework will be available soon.`,
} as const;

/**
 * A week's place on the map (docs/product.md#states, decisions 0043 and 0120): completed; locked;
 * coming soon (open, but neither an uploaded PDF nor content to generate one from); the next week to
 * do; otherwise available. `hasFramework` is true for a week with an upload or with content of its
 * own (its printable is generated), so a missing upload never holds a couple back.
 */
function weekState(
  weekNumber: number,
  hasFramework: boolean,
  completed: ReadonlySet<number>,
  next: number | null,
  lockReason: WeekLockReason | null,
): WeekState {
  if (completed.has(weekNumber)) return 'completed';
  if (lockReason !== null) return 'locked';
  if (!hasFramework) return 'coming-soon';
  return weekNumber === next ? 'next' : 'available';
}

function weekNotice(weekNumber: number, state: WeekState, lockReason: WeekLockReason | null): string | null {
  if (lockReason !== null) return WEEK_NOTICES[lockReason](weekNumber);
  return state === 'coming-soon' ? WEEK_NOTICES['coming-soon'](weekNumber) : null;
}

/**
 * A week's title as a reader of `locale` sees it (decision 0232; issue 35): a translated week's own
 * title wins over the uploaded PDF's (one title, the seller's language), then the course content's
 * (English where the translation is missing), else the "Week N" placeholder.
 */
function shownTitle(
  weekNumber: number,
  locale: Locale,
  framework: { title: string } | undefined,
  content: { title: string; locale?: Locale | undefined } | undefined,
): string {
  const translated = content && locale !== 'en' && content.locale === locale ? content : undefined;
  return translated?.title ?? framework?.title ?? content?.title ?? placeholderWeekTitle(weekNumber);
}

/**
 * Every week's title as the couple's week list shows it in `locale` (shownTitle), for what is made
 * outside the page: the plan's calendar events. A week with only the placeholder has none here.
 */
export async function weekTitlesIn(deps: AppDeps, locale: Locale): Promise<Map<number, string>> {
  const [frameworks, contents] = await Promise.all([
    repo.listFrameworks(deps.db),
    weeksWithPrintableContent(deps, locale),
  ]);
  const byWeek = new Map(frameworks.map((framework) => [framework.weekNumber, framework]));
  const titles = new Map<number, string>();
  for (let weekNumber = 1; weekNumber <= TOTAL_WEEKS; weekNumber += 1) {
    const framework = byWeek.get(weekNumber);
    const content = contents.get(weekNumber);
    if (framework || content) titles.set(weekNumber, shownTitle(weekNumber, locale, framework, content));
  }
  return titles;
}

/**
 * All 52 weeks for one couple: what is uploaded, what the unlock rule opens for them, each week's
 * state on the map and, for a week that cannot be opened, why and the sentence that says so.
 */
export async function listFrameworksWithAccess(
  deps: AppDeps,
  couple: Pick<CoupleAuth, 'coupleId' | 'accessLevel'> & { accountId?: number; locale?: Locale },
): Promise<FrameworkWithAccess[]> {
  // The weeks' titles and aims in the viewer's language (decision 0232; issue 35), which a session
  // already carries.
  const locale: Locale =
    couple.locale ?? (couple.accountId === undefined ? 'en' : await localeOfAccount(deps.db, couple.accountId));
  const [frameworks, unlock, contents] = await Promise.all([
    // The same for every couple: kept while nothing is uploaded or deleted (decision 0373).
    readRemembered(deps.db, 'frameworks.list', () => repo.listFrameworks(deps.db)),
    unlockState(deps, couple),
    weeksWithPrintableContent(deps, locale),
  ]);
  const byWeek = new Map(frameworks.map((framework) => [framework.weekNumber, framework]));
  // On a core-path plan the map's "next" week is the plan's (decision 0250).
  const next = unlock.planOrder
    ? (unlock.planOrder.find((week) => !unlock.completed.has(week)) ?? null)
    : nextWeek([...unlock.completed].sort((a, b) => a - b));
  return Array.from({ length: TOTAL_WEEKS }, (_, index) => {
    const weekNumber = index + 1;
    const framework = byWeek.get(weekNumber);
    const content = contents.get(weekNumber);
    // A translated week's own title wins over the uploaded PDF's (one title, the seller's language).
    const translated = content && locale !== 'en' && content.locale === locale ? content : undefined;
    const hasFramework = framework !== undefined || content !== undefined;
    const lockReason = unlock.lockReason(weekNumber);
    const state = weekState(weekNumber, hasFramework, unlock.completed, next, lockReason);
    // A week without a complete translation and without an upload is titled and described from its
    // English edition: the page marks them with their language (WCAG 3.1.2). An uploaded PDF's title
    // is the seller's, in a language not recorded, so it is given none.
    const contentLanguage = content && !translated && !framework ? (content.locale ?? 'en') : undefined;
    return {
      weekNumber,
      title: shownTitle(weekNumber, locale, framework, content),
      description: translated?.objective || framework?.description || content?.objective || '',
      hasFramework,
      isUnlocked: lockReason === null,
      state,
      lockReason,
      notice: weekNotice(weekNumber, state, lockReason),
      ...(contentLanguage !== undefined && contentLanguage !== locale && { language: contentLanguage }),
    };
  });
}

/**
 * Stores a received PDF as week N's framework: reads it first in a worker (400 when it cannot be read
 * or exceeds the page or time limit, see inspect.ts), then stores it under a new server-chosen name
 * in the file store (local disk: a rename; S3: the object is written), then inserts or replaces the
 * row in one transaction, and only after the commit removes the file the row pointed to before. If
 * anything fails before the commit, the new file is removed and the old framework stays as it was,
 * so no row ever names a file that is not stored (decision 0170). Concurrent uploads of one week are
 * serialised by the database (repo.replaceFramework): the last to commit wins and removes the other's
 * file.
 * The caller still owns `upload.tempPath` if this throws (it may or may not have been moved).
 */
export async function saveFramework(
  deps: AppDeps,
  fields: FrameworkUploadFields,
  upload: ReceivedPdf,
): Promise<{ framework: repo.Framework; replaced: boolean }> {
  // Read in a worker with a time and a page limit before anything is stored (decision 0121).
  await assertReadablePdf(upload.tempPath);
  const fileName = newStoredFileName(fields.weekNumber);
  try {
    await deps.files.put(upload.tempPath, fileName, upload.size);
  } catch (error) {
    // A half-written object (S3 refused or the connection broke) is not left behind.
    await deps.files.remove(fileName);
    throw error;
  }
  // On S3 the received copy has served its purpose (on local disk it was moved: nothing to do).
  await removeQuietly(upload.tempPath);
  let result: { framework: repo.Framework; previousFileName: string | undefined };
  try {
    result = await deps.db.transaction().execute((trx) =>
      repo.replaceFramework(trx, {
        weekNumber: fields.weekNumber,
        title: fields.title,
        description: fields.description,
        fileName,
        fileSize: upload.size,
        uploadedAt: nowIso(),
      }),
    );
  } catch (error) {
    await deps.files.remove(fileName);
    throw error;
  }
  if (result.previousFileName !== undefined && result.previousFileName !== fileName) {
    await deps.files.remove(result.previousFileName);
  }
  return { framework: result.framework, replaced: result.previousFileName !== undefined };
}

/** Deletes week N's framework: the row first, then its file. 404 when the week has none. */
export async function deleteFramework(deps: AppDeps, weekNumber: number): Promise<Success> {
  const fileName = await repo.deleteFramework(deps.db, weekNumber);
  if (fileName === undefined) throw new AppError('NOT_FOUND', notUploadedMessage(weekNumber));
  await deps.files.remove(fileName);
  return { success: true };
}

export interface FrameworkDownload {
  /** The file's bytes (from the disk or streamed from S3); the stream closes what it opened. */
  stream: Readable;
  size: number;
  /** The name the browser saves it as: week-{n}.pdf, semana-{n}.pdf in Spanish. */
  downloadName: string;
}

/**
 * Opens week N's PDF for a download. Admins may download any week; a couple only a week the unlock
 * rule opens for them (403 with the spec's message otherwise). The seller's upload when there is
 * one, otherwise the printable generated from the week's content (decision 0120); 404 only for a
 * week with neither.
 * A replacement committed between reading the row and opening the file is retried once with the
 * new row, so a download never fails because of a concurrent upload. A row whose file is gone
 * from the disk (removed by hand, a lost volume) is told to `onMissingFile` so the operator learns
 * of it from the log, and the viewer gets the generated printable instead (404 without content).
 */
export async function openFrameworkDownload(
  deps: AppDeps,
  viewer: AdminAuth | CoupleAuth,
  weekNumber: number,
  options: { onMissingFile?: (fileName: string) => void } = {},
): Promise<FrameworkDownload> {
  if (viewer.kind === 'couple') await assertWeekUnlocked(deps, viewer, weekNumber);
  // The generated printable in the viewer's own language (decision 0232), and so its name: a
  // couple's session carries it (decision 0371).
  const locale = viewer.kind === 'couple' ? viewer.locale : await localeOfAccount(deps.db, viewer.accountId);
  return openWeekFramework(deps, weekNumber, { ...options, locale });
}

/**
 * Week N's PDF, whoever asks (the caller has checked access): the upload, else the generated
 * printable (decision 0120), else 404.
 */
export async function openWeekFramework(
  deps: AppDeps,
  weekNumber: number,
  { onMissingFile, locale = 'en' }: { onMissingFile?: (fileName: string) => void; locale?: Locale } = {},
): Promise<FrameworkDownload> {
  let missing: string | undefined;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const row = await repo.findFrameworkFile(deps.db, weekNumber);
    if (!row) {
      missing = undefined;
      break;
    }
    const stored = await deps.files.open(row.fileName);
    if (stored) return { ...stored, downloadName: weekFileName(weekNumber, locale) };
    missing = row.fileName;
  }
  if (missing !== undefined) onMissingFile?.(missing);
  const content = await printableWeekContent(deps, weekNumber, locale);
  if (!content) throw new AppError('NOT_FOUND', notUploadedMessage(weekNumber));
  const file = await ensurePrintable(printablesDir(deps.config.dataDir), content, generatePrintableInWorker);
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    return { stream: handle.createReadStream(), size, downloadName: weekFileName(weekNumber, locale) };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/**
 * Start-up clean-up (decision 0170): temporary files of interrupted uploads and stored files no row
 * references are removed from the PDF folder; on S3, objects no row names are removed too once
 * they are older than `S3_ORPHAN_GRACE_MS` (another process may have written one and not yet
 * committed its row), and cached copies of files no row names are dropped. Returns the removed names.
 */
export async function removeStaleFrameworkFiles(deps: AppDeps, now = Date.now()): Promise<string[]> {
  const rows = await repo.listFrameworkFiles(deps.db);
  const referenced = new Set(rows.map((row) => row.fileName));
  const removed = await sweepPdfDir(deps.config.pdfDir, referenced);
  if (deps.files.kind === 's3') {
    // The first S3 call of a start. A bucket that answers with a refusal (a wrong bucket, region or
    // key) stops the start with a clear cause; one that does not answer (no connection, a timeout,
    // a server error) throws StorageUnavailableError, so the process can start without it.
    const swept = await sweepStoredFiles(deps.files, referenced, now - S3_ORPHAN_GRACE_MS).catch((error: unknown) => {
      const message = `The PDF bucket (STORAGE_URL, S3_ENDPOINT, S3_REGION and the keys) could not be listed: ${(error as Error).message}`;
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status !== undefined && status < 500) throw new Error(message, { cause: error });
      throw new StorageUnavailableError(message, { cause: error });
    });
    removed.push(...swept);
    await deps.files.pruneLocalCopies(referenced);
  }
  return removed;
}

/**
 * The bucket did not answer the start-up sweep (decision 0172): the process starts anyway, as a
 * restart loop would not bring the bucket back, and /readyz answers 503 until the bucket answers;
 * the objects no row names are swept at a later start.
 */
export class StorageUnavailableError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

/** How old an unreferenced object must be before the sweep removes it: no upload takes this long. */
export const S3_ORPHAN_GRACE_MS = 60 * 60_000;
