import fs from 'node:fs';
import path from 'node:path';
import { TOTAL_WEEKS } from '../../../shared/constants';
import { describeZodError } from '../../../shared/schemas';
import type { Locale } from '../../../shared/i18n/locales';
import { DEFAULT_CONTENT_DIR } from '../../platform/paths';
import { weekContentSchema, type WeekContent, type WeekContentData } from '../../../shared/workbook-schemas';

/**
 * The bundled week content: one `week-NN.json` per week that has its own exercises. These files are
 * the defaults: the server copies them into the database at start-up, where the seller edits them
 * (course-content.ts, decision 0125).
 */

/** Week 1's content stands in for every week without its own (docs/product.md#entities). */
export const FALLBACK_WEEK = 1;

const CONTENT_FILE = /^week-(\d{2})\.json$/;

export class ContentLibraryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContentLibraryError';
  }
}

export interface ContentLibrary {
  /** The content shown for a week: its own, or week 1's. */
  contentFor(weekNumber: number): WeekContent;
  /** The weeks that have content of their own, in order. */
  weeksWithContent(): number[];
  /** A week's own bundled content (its default), or undefined when the week has no file. */
  ownContent(weekNumber: number): WeekContentData | undefined;
}

/**
 * Reads and validates every `week-NN.json` in the folder. A file that is not valid JSON, does not
 * match the content schema, or names a different week than its file name stops the load with a
 * message naming the file; so does a missing week 1, which every other week falls back to.
 * Adding a week is adding a file: no code changes.
 */
export function loadContentLibrary(dir: string = DEFAULT_CONTENT_DIR): ContentLibrary {
  return libraryOf(dir, false);
}

/**
 * A translated edition's files (`content/<locale>/week-NN.json`, decision 0232): like the English
 * library, but a file that is missing, unreadable or invalid is left out instead of stopping the
 * start (couples then see that week in English, whole), and week 1 is not required.
 */
export function loadTranslationLibrary(dir: string): ContentLibrary {
  return libraryOf(dir, true);
}

function libraryOf(dir: string, lenient: boolean): ContentLibrary {
  const weeks = new Map<number, WeekContentData>();
  const files = lenient && !fs.existsSync(dir) ? [] : fs.readdirSync(dir).sort();
  for (const file of files) {
    const match = CONTENT_FILE.exec(file);
    if (!match) continue;
    try {
      const week = readWeekFile(dir, file, Number(match[1]));
      weeks.set(week.weekNumber, week);
    } catch (error) {
      if (!lenient) throw error;
    }
  }
  const fallback = weeks.get(FALLBACK_WEEK);
  if (!fallback && !lenient) {
    throw new ContentLibraryError(`Workbook content for week ${FALLBACK_WEEK} is missing from ${dir}.`);
  }

  return {
    contentFor(weekNumber) {
      const own = weeks.get(weekNumber);
      const data = own ?? fallback;
      if (!data) throw new ContentLibraryError(`Workbook content for week ${weekNumber} is missing from ${dir}.`);
      return { ...data, weekNumber, contentWeek: data.weekNumber, isFallback: !own };
    },
    weeksWithContent: () => [...weeks.keys()].sort((a, b) => a - b),
    ownContent: (weekNumber) => weeks.get(weekNumber),
  };
}

function readWeekFile(dir: string, file: string, fileWeek: number): WeekContentData {
  if (fileWeek < 1 || fileWeek > TOTAL_WEEKS) {
    throw new ContentLibraryError(`Workbook content ${file}: the week must be 1-${TOTAL_WEEKS}.`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  } catch (error) {
    throw new ContentLibraryError(`Workbook content ${file} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = weekContentSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ContentLibraryError(`Workbook content ${file} is invalid: ${describeZodError(parsed.error)}`);
  }
  if (parsed.data.weekNumber !== fileWeek) {
    throw new ContentLibraryError(
      `Workbook content ${file} says weekNumber ${parsed.data.weekNumber}; it must match its file name.`,
    );
  }
  return parsed.data;
}

let bundled: ContentLibrary | undefined;
const bundledTranslations = new Map<Locale, ContentLibrary>();

/** The bundled library, loaded once per process (the files only change with a deploy). */
export function bundledContentLibrary(): ContentLibrary {
  bundled ??= loadContentLibrary();
  return bundled;
}

/** The bundled files of a language: the English library, or a translation's folder (decision 0232). */
export function bundledLibraryFor(locale: Locale): ContentLibrary {
  if (locale === 'en') return bundledContentLibrary();
  let library = bundledTranslations.get(locale);
  if (!library) {
    library = loadTranslationLibrary(path.join(DEFAULT_CONTENT_DIR, locale));
    bundledTranslations.set(locale, library);
  }
  return library;
}
