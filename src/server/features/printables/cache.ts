import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ensurePrivateDir } from '../../platform/private-files';
import { localeOf, PRINTABLE_GENERATOR_VERSION, type PrintableWeek, printableFields } from './printable-week';

/**
 * The generated printables on disk (decision 0120): `DATA_DIR/printables/week-07-<key>.pdf`
 * (`week-07-es-<key>.pdf` in Spanish, decision 0232), the key a hash of the generator version and
 * exactly the content the page shows, its language included. An edit of the week's
 * content or a new generator version gives a new name, so a stale file is never served; the older
 * files of that week are removed once the new one is in place. The folder can be deleted at any
 * time: files are made again on demand.
 */
export const PRINTABLES_FOLDER = 'printables';

/** `week-07-<key>.pdf` (English) or `week-07-es-<key>.pdf` (another language, decision 0232). */
const FILE_PATTERN = /^week-(\d{2})(?:-([a-z]{2}))?-[0-9a-f]{24}\.pdf$/;

export function printablesDir(dataDir: string): string {
  return path.join(dataDir, PRINTABLES_FOLDER);
}

/** The cache key of a week's printable: changes with its printed content and the generator version. */
export function printableKey(week: PrintableWeek): string {
  return createHash('sha256')
    .update(JSON.stringify([PRINTABLE_GENERATOR_VERSION, printableFields(week)]))
    .digest('hex')
    .slice(0, 24);
}

export function printableFilePath(dir: string, week: PrintableWeek): string {
  const locale = localeOf(week);
  const language = locale === 'en' ? '' : `-${locale}`;
  return path.join(dir, `week-${String(week.weekNumber).padStart(2, '0')}${language}-${printableKey(week)}.pdf`);
}

const pending = new Map<string, Promise<string>>();

/**
 * The path of a week's printable, generating it first when it is not on disk yet. The file is
 * written under a temporary name and renamed into place, so a reader never sees half a PDF;
 * concurrent calls for the same file share one generation. `generate` makes the file: the server
 * passes one that runs in a worker thread (pdf-worker.ts), the worker `writePrintable` (pdf-work.ts).
 */
export async function ensurePrintable(
  dir: string,
  week: PrintableWeek,
  generate: (week: PrintableWeek, target: string) => Promise<void>,
): Promise<string> {
  const target = printableFilePath(dir, week);
  try {
    await fs.access(target);
    return target;
  } catch {
    // Not generated yet.
  }
  let job = pending.get(target);
  if (!job) {
    job = (async () => {
      await ensurePrivateDir(dir);
      await generate(week, target);
      await removeOlderPrintables(dir, week.weekNumber, localeOf(week), path.basename(target));
      return target;
    })().finally(() => pending.delete(target));
    pending.set(target, job);
  }
  return job;
}

/** Removes the older files of the same week in the same language (the other language's file stays). */
async function removeOlderPrintables(dir: string, weekNumber: number, locale: string, keep: string): Promise<void> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const sameWeek = (name: string) => {
    const match = FILE_PATTERN.exec(name);
    return Number(match?.[1]) === weekNumber && (match?.[2] ?? 'en') === locale;
  };
  await Promise.all(
    names.filter((name) => name !== keep && sameWeek(name)).map((name) => fs.rm(path.join(dir, name), { force: true })),
  );
}
