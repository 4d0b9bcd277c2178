import { TOTAL_WEEKS } from '../../../shared/constants';
import { AppError } from '../../../shared/errors';
import {
  type CourseTranslationState,
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
import { readOnce } from '../../deps/request-reads';
import type { AdminAuth } from '../auth/access';
import { recordAdminAction } from '../audit/service';
import { LOCALES, type Locale } from '../../../shared/i18n/locales';
import { bundledContentLibrary, bundledLibraryFor, type ContentLibrary, FALLBACK_WEEK } from './content-library';
import * as repo from './repo';
import type { AuditAction } from '../../../shared/audit-actions';
import { alignTranslation, sameItemIds, stillEnglish } from '../../../shared/course-translation';
import { readRemembered } from '../../db/remembered-reads';

/*
 * The course content in the database (decision 0125): one current version per week and language
 * (decision 0232), the versions it replaced, and the bundled files (content/ for English,
 * content/<locale>/ for a translation) as the defaults. Couples read it through `workbook.content`
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
 * Start-up step (every start, idempotent), for every language: stores the bundled default of every
 * week that has no row yet (first start, or an install from before decisions 0125 and 0232), and
 * moves a week the seller never edited to this version's default when the bundled file changed
 * (the old text goes to its history). An edited week is never touched.
 */
export async function seedWeekContent(
  db: DB,
  library: ContentLibrary = bundledContentLibrary(),
  now: string = nowIso(),
  translations: Partial<Record<Locale, ContentLibrary>> = { es: bundledLibraryFor('es') },
): Promise<{ inserted: number; refreshed: number }> {
  const total = { inserted: 0, refreshed: 0 };
  const editions: [Locale, ContentLibrary][] = [['en', library]];
  for (const locale of LOCALES) {
    const translation = translations[locale];
    if (locale !== 'en' && translation) editions.push([locale, translation]);
  }
  for (const [locale, edition] of editions) {
    const { inserted, refreshed } = await seedEdition(db, locale, edition, now);
    total.inserted += inserted;
    total.refreshed += refreshed;
  }
  return total;
}

async function seedEdition(
  db: DB,
  locale: Locale,
  library: ContentLibrary,
  now: string,
): Promise<{ inserted: number; refreshed: number }> {
  const stored = new Map((await repo.listWeekContents(db, locale)).map((row) => [row.weekNumber, row]));
  const missing: repo.StoredWeekContent[] = [];
  let refreshed = 0;
  for (const weekNumber of library.weeksWithContent()) {
    const content = serialize(library.ownContent(weekNumber)!);
    const row = stored.get(weekNumber);
    const next = { weekNumber, locale, content, status: 'default' as const, updatedAt: now };
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
export async function weekContentFor(db: DB, weekNumber: number, locale: Locale = 'en'): Promise<WeekContent> {
  return (await readWeekContentIn(db, weekNumber, locale)).content;
}

interface StoredTranslation {
  content: WeekContentData;
  status: CourseWeekStatus;
  updatedAt: string | null;
}

/** A translated edition's current version: its stored row, else its bundled file; undefined when neither is usable. */
async function readTranslation(db: DB, weekNumber: number, locale: Locale): Promise<StoredTranslation | undefined> {
  const row = await repo.findWeekContent(db, weekNumber, locale);
  const stored = row ? parseStored(row.content) : undefined;
  if (row && stored && stored.weekNumber === weekNumber) {
    return { content: stored, status: row.status, updatedAt: row.updatedAt };
  }
  const own = bundledLibraryFor(locale).ownContent(weekNumber);
  return own ? { content: own, status: 'default', updatedAt: null } : undefined;
}

/**
 * A week as a reader of `locale` sees it (decision 0232): the translated edition when it exists,
 * is valid and has exactly the English edition's question and card ids; otherwise the whole week
 * in English with `languageFallback` set, never a half-translated week.
 */
export async function readWeekContentIn(db: DB, weekNumber: number, locale: Locale): Promise<CurrentWeek> {
  return inLanguage(db, await readWeekContent(db, weekNumber), weekNumber, locale);
}

/** readWeekContentIn from the week's English edition, already read. */
async function inLanguage(db: DB, english: CurrentWeek, weekNumber: number, locale: Locale): Promise<CurrentWeek> {
  if (locale === 'en') return { ...english, content: { ...english.content, locale: 'en', languageFallback: false } };
  const translated = english.content.isFallback ? undefined : await readTranslation(db, weekNumber, locale);
  if (translated && sameItemIds(translated.content, english.content)) {
    return {
      content: {
        ...translated.content,
        weekNumber,
        contentWeek: weekNumber,
        isFallback: false,
        locale,
        languageFallback: false,
      },
      status: translated.status,
      updatedAt: translated.updatedAt,
    };
  }
  return { ...english, content: { ...english.content, locale: 'en', languageFallback: true } };
}

/**
 * readWeekContent for a couple's request: the week's row read and parsed once per request, however
 * many of its procedures need it (decision 0321), and kept in the process until a week is saved
 * (decision 0373). The answer is shared: never change it.
 */
export function currentWeekContent(deps: AppDeps, weekNumber: number): Promise<CurrentWeek> {
  const key = `workbook.weekContent:${weekNumber}`;
  return readOnce(deps, key, () => readRemembered(deps.db, key, () => readWeekContent(deps.db, weekNumber)));
}

/** readWeekContentIn for a couple's request, once per request like currentWeekContent (whose English read it shares). */
export function currentWeekContentIn(deps: AppDeps, weekNumber: number, locale: Locale): Promise<CurrentWeek> {
  const key = `workbook.weekContent:${weekNumber}:${locale}`;
  return readOnce(deps, key, () =>
    readRemembered(deps.db, key, async () =>
      inLanguage(deps.db, await currentWeekContent(deps, weekNumber), weekNumber, locale),
    ),
  );
}

/**
 * Parsed current weeks per database, by language and week, with the updated_at stamps they were read
 * at. The entry holds the read while it is under way, so the requests that arrive together after a
 * start or an edit (every couple's dashboard names the 52 weeks) share one read of each week instead
 * of each reading all 52: on PostgreSQL that queue of round trips was the dashboard's p99 under load.
 */
const parsedWeeks = new WeakMap<DB, Map<string, { updatedAt: string; content: Promise<WeekContent> }>>();

/**
 * Every week that has content of its own (not week 1's fallback), as couples see it now: what the
 * week list and the printables are made from. One light query of the weeks' change times (kept
 * until a week is saved, decision 0373); a week's content is read and parsed again only when it changed.
 */
export async function weeksWithOwnContent(
  db: DB,
  library: ContentLibrary = bundledContentLibrary(),
  locale: Locale = 'en',
): Promise<Map<number, WeekContent>> {
  let cache = parsedWeeks.get(db);
  if (!cache) {
    cache = new Map();
    parsedWeeks.set(db, cache);
  }
  const result = new Map<number, WeekContent>();
  const stampsIn = (edition: Locale) =>
    readRemembered(db, `workbook.weekStamps:${edition}`, () => repo.listWeekContentStamps(db, edition));
  const stamps = await stampsIn('en');
  const translatedStamps =
    locale === 'en'
      ? new Map<number, string>()
      : new Map((await stampsIn(locale)).map((row) => [row.weekNumber, row.updatedAt]));
  const stored = new Set<number>();
  const reads: Promise<void>[] = [];
  for (const { weekNumber, updatedAt: englishAt } of stamps) {
    stored.add(weekNumber);
    const updatedAt = `${englishAt}|${translatedStamps.get(weekNumber) ?? ''}`;
    const key = `${locale}:${weekNumber}`;
    let hit = cache.get(key);
    if (!hit || hit.updatedAt !== updatedAt) {
      const content =
        locale === 'en'
          ? readWeekContent(db, weekNumber, library).then((read) => read.content)
          : readWeekContentIn(db, weekNumber, locale).then((read) => read.content);
      const entry = { updatedAt, content };
      cache.set(key, entry);
      // A failed read is not kept: the next request reads the week again.
      content.catch(() => {
        if (cache.get(key) === entry) cache.delete(key);
      });
      hit = entry;
    }
    reads.push(
      hit.content.then((content) => {
        if (!content.isFallback) result.set(weekNumber, content);
      }),
    );
  }
  await Promise.all(reads);
  for (let weekNumber = 1; weekNumber <= TOTAL_WEEKS; weekNumber += 1) {
    if (stored.has(weekNumber)) continue;
    const own = library.ownContent(weekNumber);
    if (!own) continue;
    const translated = locale === 'en' ? undefined : bundledLibraryFor(locale).ownContent(weekNumber);
    if (translated && sameItemIds(translated, own)) {
      result.set(weekNumber, { ...translated, weekNumber, contentWeek: weekNumber, isFallback: false, locale });
    } else {
      result.set(weekNumber, {
        ...own,
        weekNumber,
        contentWeek: weekNumber,
        isFallback: false,
        locale: 'en',
        languageFallback: locale !== 'en',
      });
    }
  }
  return new Map([...result].sort(([a], [b]) => a - b));
}

/** The text of an earlier question or card, from the newest version of the week that has it. */
export async function earlierTexts(
  db: DB,
  weekNumber: number,
  ids: string[],
  locale: Locale = 'en',
): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  if (ids.length === 0) return texts;
  const wanted = new Set(ids);
  // The reader's language first (its versions, then its file), then English's.
  const editions: Locale[] = locale === 'en' ? ['en'] : [locale, 'en'];
  const versions: (WeekContentData | undefined)[] = [];
  for (const edition of editions) {
    const bundled = bundledLibraryFor(edition).ownContent(weekNumber);
    versions.push(
      ...(await repo.listWeekVersions(db, weekNumber, edition)).map((version) => parseStored(version.content)),
      ...(bundled ? [bundled] : []),
    );
  }
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

// --------------------------- The seller's editing (admin procedures; the guard is the procedure's)

function noSuchWeek(weekNumber: number): never {
  throw new AppError('NOT_FOUND', `Week ${weekNumber} has no content to edit.`);
}

/**
 * A translated edition's state against the English one (decision 0232). Both still the bundled
 * defaults: up to date, whatever their dates, since a release ships the two together (a release
 * that corrects only the English text, its spelling say, refreshes only the English rows).
 */
function translationState(
  translated: StoredTranslation | undefined,
  english: { content: WeekContentData | WeekContent; status: CourseWeekStatus; updatedAt: string | null },
): CourseTranslationState {
  if (!translated || !sameItemIds(translated.content, english.content)) return 'missing';
  if (english.status === 'default' && translated.status === 'default') return 'upToDate';
  if (english.updatedAt && translated.updatedAt && translated.updatedAt < english.updatedAt) return 'outdated';
  return 'upToDate';
}

async function translationsOf(
  db: DB,
  weekNumber: number,
  english: { content: WeekContentData | WeekContent; status: CourseWeekStatus; updatedAt: string | null },
): Promise<Partial<Record<Locale, CourseTranslationState>>> {
  const states: Partial<Record<Locale, CourseTranslationState>> = {};
  for (const locale of LOCALES) {
    if (locale === 'en') continue;
    states[locale] = translationState(await readTranslation(db, weekNumber, locale), english);
  }
  return states;
}

export async function listCourseWeeks(deps: AppDeps): Promise<CourseWeekListItem[]> {
  const stored = new Map((await repo.listWeekContents(deps.db)).map((row) => [row.weekNumber, row]));
  const weeks: CourseWeekListItem[] = [];
  for (let weekNumber = 1; weekNumber <= TOTAL_WEEKS; weekNumber += 1) {
    const row = stored.get(weekNumber);
    const content = row ? parseStored(row.content) : undefined;
    const english =
      row && content
        ? { content, status: row.status, updatedAt: row.updatedAt }
        : await readWeekContent(deps.db, weekNumber);
    weeks.push({
      weekNumber,
      title: english.content.title,
      status: english.status,
      updatedAt: english.updatedAt,
      translations: await translationsOf(deps.db, weekNumber, english),
    });
  }
  return weeks;
}

/**
 * A week's edition for the editor. A translation that does not exist yet is answered as the
 * English text (status `default`, no `updatedAt`, state `missing`): the starting point to translate.
 * One whose questions or cards no longer match the English ones (a question or card added, removed
 * or moved in English) is answered brought to the English ones (`realigned`, not saved): its
 * translated items kept, in the English order, the new ones in English to translate, the removed
 * ones left out, so that saving it is accepted once they are translated (decision 0232).
 */
export async function getCourseWeek(deps: AppDeps, weekNumber: number, locale: Locale = 'en'): Promise<CourseWeek> {
  const english = await readWeekContent(deps.db, weekNumber);
  const translations = await translationsOf(deps.db, weekNumber, english);
  if (locale !== 'en') {
    const translated = await readTranslation(deps.db, weekNumber, locale);
    const aligned =
      translated && !sameItemIds(translated.content, english.content)
        ? alignTranslation(translated.content, english.content)
        : undefined;
    const content = aligned?.content ?? translated?.content ?? stripView(english.content);
    return {
      weekNumber,
      locale,
      title: content.title,
      status: translated?.status ?? 'default',
      updatedAt: translated?.updatedAt ?? null,
      translations,
      ...(aligned ? { realigned: { untranslated: aligned.untranslated } } : {}),
      content,
    };
  }
  const content = stripView(english.content);
  return {
    weekNumber,
    locale: 'en',
    title: content.title,
    status: english.status,
    updatedAt: english.updatedAt,
    translations,
    content,
  };
}

function stripView(content: WeekContent): WeekContentData {
  const {
    contentWeek: _contentWeek,
    isFallback: _isFallback,
    locale: _locale,
    languageFallback: _languageFallback,
    ...data
  } = content;
  return data;
}

/** Who changes the content, for the audit log (docs/product.md#admin-audit-log). */
export interface ContentEditor {
  admin: AdminAuth;
  address?: string | null;
}

async function replaceWith(
  deps: AppDeps,
  editor: ContentEditor,
  action: AuditAction,
  content: WeekContentData,
  status: CourseWeekStatus,
  locale: Locale,
): Promise<CourseWeek> {
  const weekNumber = content.weekNumber;
  const serialized = serialize(content);
  const current = await repo.findWeekContent(deps.db, weekNumber, locale);
  if (!current || current.content !== serialized || current.status !== status) {
    const target = locale === 'en' ? `week ${weekNumber}` : `week ${weekNumber} (${locale})`;
    await repo.replaceWeekContent(
      deps.db,
      { weekNumber, locale, content: serialized, status, updatedAt: nowIso() },
      { alongside: (trx) => recordAdminAction(trx, editor.admin, action, { target, address: editor.address }) },
    );
  }
  return getCourseWeek(deps, weekNumber, locale);
}

/**
 * A translation keeps the English edition's question and card ids, in the same order, so answers
 * stay tied to the same questions in every language (decision 0232): otherwise 400, nothing saved.
 */
async function assertSameIds(deps: AppDeps, content: WeekContentData, locale: Locale): Promise<void> {
  if (locale === 'en') return;
  const english = await readWeekContent(deps.db, content.weekNumber);
  if (!sameItemIds(content, english.content)) {
    throw new AppError(
      'BAD_REQUEST',
      `The ${locale} edition of week ${content.weekNumber} must have the English edition's question and card ids, in the same order.`,
    );
  }
  // A question or card the translation did not have yet (added in English since) must be translated:
  // saved with its English text, couples would read a week half in English.
  const current = await readTranslation(deps.db, content.weekNumber, locale);
  if (!current) return;
  const had = new Set([...current.content.reflectionQuestions, ...current.content.conversationCards].map((i) => i.id));
  const added = [...content.reflectionQuestions, ...content.conversationCards]
    .map((item) => item.id)
    .filter((id) => !had.has(id));
  const untranslated = stillEnglish(content, english.content, added);
  if (untranslated.length > 0) {
    throw new AppError(
      'BAD_REQUEST',
      `The ${locale} edition of week ${content.weekNumber} still has the English text of ${untranslated
        .map((field) => field.path)
        .join(', ')}: translate it before saving.`,
    );
  }
}

/** Saves the seller's version of a week in one language (validated by the procedure's input schema). */
export async function saveCourseWeek(
  deps: AppDeps,
  editor: ContentEditor,
  content: WeekContentData,
  locale: Locale = 'en',
): Promise<CourseWeek> {
  await assertSameIds(deps, content, locale);
  return replaceWith(deps, editor, 'content.save', content, statusOf(content, bundledLibraryFor(locale)), locale);
}

/** Puts the bundled default of a language back; the replaced version stays in the history. */
export async function revertCourseWeek(
  deps: AppDeps,
  editor: ContentEditor,
  weekNumber: number,
  locale: Locale = 'en',
): Promise<CourseWeek> {
  const bundled = bundledLibraryFor(locale).ownContent(weekNumber) ?? noSuchWeek(weekNumber);
  return replaceWith(deps, editor, 'content.revert', bundled, 'default', locale);
}

export async function listCourseWeekVersions(
  deps: AppDeps,
  weekNumber: number,
  locale: Locale = 'en',
): Promise<CourseWeekVersion[]> {
  return (await repo.listWeekVersions(deps.db, weekNumber, locale)).map((version) => ({
    id: version.id,
    weekNumber: version.weekNumber,
    title: parseStored(version.content)?.title ?? '(unreadable version)',
    status: version.status,
    savedAt: version.savedAt,
    replacedAt: version.replacedAt,
  }));
}

/** Makes an earlier version of a language current again; the replaced one joins the history. */
export async function restoreCourseWeekVersion(
  deps: AppDeps,
  editor: ContentEditor,
  weekNumber: number,
  versionId: number,
  locale: Locale = 'en',
): Promise<CourseWeek> {
  const version = await repo.findWeekVersion(deps.db, weekNumber, versionId, locale);
  if (!version) throw new AppError('NOT_FOUND', `Week ${weekNumber} has no version ${versionId}.`);
  const content = parseStored(version.content);
  if (!content)
    throw new AppError('CONFLICT', `Version ${versionId} of week ${weekNumber} no longer passes validation.`);
  if (locale !== 'en') {
    const english = await readWeekContent(deps.db, weekNumber);
    if (!sameItemIds(content, english.content))
      throw new AppError(
        'CONFLICT',
        `Version ${versionId} of week ${weekNumber} no longer has the English edition's question and card ids.`,
      );
  }
  return replaceWith(deps, editor, 'content.restore', content, statusOf(content, bundledLibraryFor(locale)), locale);
}
