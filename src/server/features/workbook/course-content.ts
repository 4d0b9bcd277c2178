import { TOTAL_WEEKS } from '../../../shared/constants';
import { AppError } from '../../../shared/errors';
import {
  type CourseWeek,
  type CourseWeekListItem,
  type CourseWeekStatus,
  type CourseWeekVersion,
  type WeekContent,
  type WeekContentData,
  weekContentSchema,
} from '../../../shared/workbook-schemas';
import { type DB, nowIso } from '../../db/client';
import type { AppDeps } from '../../deps/app-deps';
import type { AdminAuth } from '../auth/access';
import { recordAdminAction } from '../audit/service';
import { bundledContentLibrary, type ContentLibrary, FALLBACK_WEEK } from './content-library';
import * as repo from './repo';

/*
 * The course content in the database (decision 0125): one current version per week, the versions
 * it replaced, and the bundled files as the defaults. Couples read it through `workbook.content`
 * (service.ts); the seller edits it through the `courseContent.*` admin procedures.
 */

/** The stored form of a week: the schema's own key order, so equal content is equal text. */
function serialize(content: WeekContentData): string {
  return JSON.stringify(weekContentSchema.parse(content));
}

function parseStored(json: string): WeekContentData | undefined {
  try {
    const parsed = weekContentSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** `default` when the content is exactly the bundled default of its week. */
function statusOf(content: WeekContentData, library: ContentLibrary): CourseWeekStatus {
  const bundled = library.ownContent(content.weekNumber);
  return bundled && serialize(bundled) === serialize(content) ? 'default' : 'edited';
}

/**
 * Start-up step (every start, idempotent): stores the bundled default of every week that has no
 * row yet (first start, or an install from before decision 0125), and moves a week the seller never
 * edited to this version's default when the bundled file changed (the old text goes to its history).
 * An edited week is never touched.
 */
export async function seedWeekContent(
  db: DB,
  library: ContentLibrary = bundledContentLibrary(),
  now: string = nowIso(),
): Promise<{ inserted: number; refreshed: number }> {
  const stored = new Map((await repo.listWeekContents(db)).map((row) => [row.weekNumber, row]));
  const missing: repo.StoredWeekContent[] = [];
  let refreshed = 0;
  for (const weekNumber of library.weeksWithContent()) {
    const content = serialize(library.ownContent(weekNumber)!);
    const row = stored.get(weekNumber);
    const next = { weekNumber, content, status: 'default' as const, updatedAt: now };
    if (!row) missing.push(next);
    else if (row.status === 'default' && row.content !== content) {
      if (await repo.replaceWeekContent(db, next, { expectedUpdatedAt: row.updatedAt })) refreshed += 1;
    }
  }
  // A fresh install's 52 weeks in one transaction (one write to disk, not 52).
  let inserted = 0;
  if (missing.length > 0) {
    await db.transaction().execute(async (trx) => {
      for (const week of missing) if (await repo.insertWeekContentIfMissing(trx, week)) inserted += 1;
    });
  }
  return { inserted, refreshed };
}

interface CurrentWeek {
  content: WeekContent;
  status: CourseWeekStatus;
  /** When this version became current; null for a week with no stored row. */
  updatedAt: string | null;
}

/**
 * A week's current content: its stored version; without one (a week the store lacks), its bundled
 * default; without that, week 1's (docs/product.md#entities).
 */
export async function readWeekContent(
  db: DB,
  weekNumber: number,
  library: ContentLibrary = bundledContentLibrary(),
): Promise<CurrentWeek> {
  const row = await repo.findWeekContent(db, weekNumber);
  const stored = row ? parseStored(row.content) : undefined;
  if (row && stored) {
    return {
      content: { ...stored, weekNumber, contentWeek: weekNumber, isFallback: false },
      status: row.status,
      updatedAt: row.updatedAt,
    };
  }
  const own = library.ownContent(weekNumber);
  if (own)
    return {
      content: { ...own, weekNumber, contentWeek: weekNumber, isFallback: false },
      status: 'default',
      updatedAt: null,
    };
  if (weekNumber !== FALLBACK_WEEK) {
    const fallback = await readWeekContent(db, FALLBACK_WEEK, library);
    return { ...fallback, content: { ...fallback.content, weekNumber, isFallback: true } };
  }
  return { content: library.contentFor(weekNumber), status: 'default', updatedAt: null };
}

/**
 * The content a couple sees for a week, without any access check: for other features that render
 * the course (the generated framework PDFs). Its `updatedAt` (readWeekContent) changes with every
 * save, revert or restore.
 */
export async function weekContentFor(db: DB, weekNumber: number): Promise<WeekContent> {
  return (await readWeekContent(db, weekNumber)).content;
}

/** Parsed current weeks per database, by week, with the updated_at they were read at. */
const parsedWeeks = new WeakMap<DB, Map<number, { updatedAt: string; content: WeekContent }>>();

/**
 * Every week that has content of its own (not week 1's fallback), as couples see it now: what the
 * week list and the printables are made from. One light query of the weeks' change times; a week's
 * content is read and parsed again only when it changed.
 */
export async function weeksWithOwnContent(
  db: DB,
  library: ContentLibrary = bundledContentLibrary(),
): Promise<Map<number, WeekContent>> {
  let cache = parsedWeeks.get(db);
  if (!cache) {
    cache = new Map();
    parsedWeeks.set(db, cache);
  }
  const result = new Map<number, WeekContent>();
  const stamps = await repo.listWeekContentStamps(db);
  const stored = new Set<number>();
  for (const { weekNumber, updatedAt } of stamps) {
    stored.add(weekNumber);
    let hit = cache.get(weekNumber);
    if (!hit || hit.updatedAt !== updatedAt) {
      hit = { updatedAt, content: (await readWeekContent(db, weekNumber, library)).content };
      cache.set(weekNumber, hit);
    }
    if (!hit.content.isFallback) result.set(weekNumber, hit.content);
  }
  for (let weekNumber = 1; weekNumber <= TOTAL_WEEKS; weekNumber += 1) {
    if (stored.has(weekNumber)) continue;
    const own = library.ownContent(weekNumber);
    if (own) result.set(weekNumber, { ...own, weekNumber, contentWeek: weekNumber, isFallback: false });
  }
  return new Map([...result].sort(([a], [b]) => a - b));
}

/** The text of an earlier question or card, from the newest version of the week that has it. */
export async function earlierTexts(db: DB, weekNumber: number, ids: string[]): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  if (ids.length === 0) return texts;
  const wanted = new Set(ids);
  const bundled = bundledContentLibrary().ownContent(weekNumber);
  const versions = (await repo.listWeekVersions(db, weekNumber))
    .map((version) => parseStored(version.content))
    .concat(bundled ? [bundled] : []);
  for (const version of versions) {
    if (!version) continue;
    for (const question of version.reflectionQuestions) {
      if (wanted.has(question.id) && !texts.has(question.id)) texts.set(question.id, question.question);
    }
    for (const card of version.conversationCards) {
      if (wanted.has(card.id) && !texts.has(card.id)) texts.set(card.id, card.text);
    }
  }
  return texts;
}

// ---------------------------------------------------------------------------------------------
// The seller's editing (admin procedures; the guard is the procedure's)
// ---------------------------------------------------------------------------------------------

function noSuchWeek(weekNumber: number): never {
  throw new AppError('NOT_FOUND', `Week ${weekNumber} has no content to edit.`);
}

export async function listCourseWeeks(deps: AppDeps): Promise<CourseWeekListItem[]> {
  const stored = new Map((await repo.listWeekContents(deps.db)).map((row) => [row.weekNumber, row]));
  const weeks: CourseWeekListItem[] = [];
  for (let weekNumber = 1; weekNumber <= TOTAL_WEEKS; weekNumber += 1) {
    const row = stored.get(weekNumber);
    const content = row ? parseStored(row.content) : undefined;
    if (row && content) {
      weeks.push({ weekNumber, title: content.title, status: row.status, updatedAt: row.updatedAt });
    } else {
      const current = await readWeekContent(deps.db, weekNumber);
      weeks.push({ weekNumber, title: current.content.title, status: current.status, updatedAt: current.updatedAt });
    }
  }
  return weeks;
}

export async function getCourseWeek(deps: AppDeps, weekNumber: number): Promise<CourseWeek> {
  const current = await readWeekContent(deps.db, weekNumber);
  const { contentWeek: _contentWeek, isFallback: _isFallback, ...content } = current.content;
  return {
    weekNumber,
    title: content.title,
    status: current.status,
    updatedAt: current.updatedAt,
    content,
  };
}

/** Who changes the content, for the audit log (docs/product.md#admin-audit-log). */
export interface ContentEditor {
  admin: AdminAuth;
  address?: string | null;
}

async function replaceWith(
  deps: AppDeps,
  editor: ContentEditor,
  action: string,
  content: WeekContentData,
  status: CourseWeekStatus,
): Promise<CourseWeek> {
  const weekNumber = content.weekNumber;
  const serialized = serialize(content);
  const current = await repo.findWeekContent(deps.db, weekNumber);
  if (!current || current.content !== serialized || current.status !== status) {
    await repo.replaceWeekContent(
      deps.db,
      { weekNumber, content: serialized, status, updatedAt: nowIso() },
      {
        alongside: (trx) =>
          recordAdminAction(trx, editor.admin, action, { target: `week ${weekNumber}`, address: editor.address }),
      },
    );
  }
  return getCourseWeek(deps, weekNumber);
}

/** Saves the seller's version of a week (validated by the procedure's input schema). */
export async function saveCourseWeek(
  deps: AppDeps,
  editor: ContentEditor,
  content: WeekContentData,
): Promise<CourseWeek> {
  return replaceWith(deps, editor, 'content.save', content, statusOf(content, bundledContentLibrary()));
}

/** Puts the bundled default back; the replaced version stays in the history. */
export async function revertCourseWeek(deps: AppDeps, editor: ContentEditor, weekNumber: number): Promise<CourseWeek> {
  const bundled = bundledContentLibrary().ownContent(weekNumber) ?? noSuchWeek(weekNumber);
  return replaceWith(deps, editor, 'content.revert', bundled, 'default');
}

export async function listCourseWeekVersions(deps: AppDeps, weekNumber: number): Promise<CourseWeekVersion[]> {
  return (await repo.listWeekVersions(deps.db, weekNumber)).map((version) => ({
    id: version.id,
    weekNumber: version.weekNumber,
    title: parseStored(version.content)?.title ?? '(unreadable version)',
    status: version.status,
    savedAt: version.savedAt,
    replacedAt: version.replacedAt,
  }));
}

/** Makes an earlier version current again; the replaced one joins the history. */
export async function restoreCourseWeekVersion(
  deps: AppDeps,
  editor: ContentEditor,
  weekNumber: number,
  versionId: number,
): Promise<CourseWeek> {
  const version = await repo.findWeekVersion(deps.db, weekNumber, versionId);
  if (!version) throw new AppError('NOT_FOUND', `Week ${weekNumber} has no version ${versionId}.`);
  const content = parseStored(version.content);
  if (!content)
    throw new AppError('CONFLICT', `Version ${versionId} of week ${weekNumber} no longer passes validation.`);
  return replaceWith(deps, editor, 'content.restore', content, statusOf(content, bundledContentLibrary()));
}
