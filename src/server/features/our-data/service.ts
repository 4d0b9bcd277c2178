import { createHash, randomBytes } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MILESTONES } from '../../../shared/constants';
import { AppError } from '../../../shared/errors';
import { DELETE_CONFIRMATION_WORDS } from '../../../shared/constants';
import { type DeleteOurAccountInput, OUR_DATA_FORMAT, OUR_DATA_VERSION } from '../../../shared/our-data-schemas';
import type { AppDeps } from '../../deps/app-deps';
import { ensurePrivateDir } from '../../platform/private-files';
import type { CoupleAuth } from '../auth/access';
import { deleteCoupleAccount } from '../couples/service';
import { tidyOutboxFolder } from '../mail/service';
import { filePrefix, keepsakeDir, removeKeepsakes } from './keepsake-files';
import type { MessageId } from '../../../shared/i18n/locales';
import { localeOfAccount } from '../i18n/locale';
import { t } from '../i18n/translate';
import { phaseLabel } from '../printables/printable-week';
import {
  KEEPSAKE_GENERATOR_VERSION,
  type KeepsakeCover,
  type KeepsakePart,
  type KeepsakeWeek,
} from '../printables/keepsake-parts';
import { runPdfJob } from '../printables/pdf-jobs';
import * as repo from './repo';
import { COUPLE_DATA_TABLES } from './tables';
import { keepsakeInventories } from '../inventory/service';
import { keepsakeAnswers, keepsakeSummary } from './visible-answers';

/*
 * The couple's own data (docs/product.md#our-data): the JSON export, the deletion of the account
 * by the couple, and the "Our year" keepsake PDF.
 */

type Couple = Pick<CoupleAuth, 'coupleId' | 'accountId' | 'sessionId' | 'partner' | 'privateAnswers'>;

async function requireScope(deps: AppDeps, couple: Couple) {
  const scope = await repo.readScope(deps.db, couple.coupleId);
  if (!scope) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  return scope;
}

// ------------------------------------------------------------------------------- Download our data

/**
 * Everything the app holds about the couple as one JSON document (ourDataExportSchema), written
 * table by table from COUPLE_DATA_TABLES and a few rows at a time (the answers a week at a time),
 * so a full year never sits in memory as one object.
 */
export async function* exportOurData(deps: AppDeps, couple: Couple, now = new Date()): AsyncGenerator<string> {
  const scope = await requireScope(deps, couple);
  const context = { db: deps.db, couple, scope };
  yield `{"format":${JSON.stringify(OUR_DATA_FORMAT)},"version":${OUR_DATA_VERSION},"exportedAt":${JSON.stringify(now.toISOString())}`;
  for (const entry of COUPLE_DATA_TABLES) {
    if (entry.key === 'profile') {
      let profile: unknown = null;
      for await (const row of entry.rows(context)) profile = row;
      yield `,\n"profile":${JSON.stringify(profile)}`;
      continue;
    }
    yield `,\n${JSON.stringify(entry.key)}:[`;
    let first = true;
    for await (const row of entry.rows(context)) {
      yield `${first ? '\n' : ',\n'}${JSON.stringify(row)}`;
      first = false;
    }
    yield ']';
  }
  yield '\n}\n';
}

/** The export's file name: `vows-and-weeks-our-data-2026-11-23.json`. */
export function exportFileName(now = new Date()): string {
  return `vows-and-weeks-our-data-${now.toISOString().slice(0, 10)}.json`;
}

// ------------------------------------------------------------------------------ Delete our account

export const DEMO_ACCOUNT_KEPT = 'The demo account is shared by every visitor and cannot be deleted.';
// Word for word in the web's known messages (src/web/lib/api-error.ts), which say it in the page's language.
export const CONFIRMATION_MISMATCH = 'confirmation does not match: type your email, your username or DELETE exactly.';
export const ACCOUNT_DELETED_MESSAGE = 'Your account and everything in it have been deleted.';

export interface DeletedAccount {
  success: true;
  message: string;
  /** Rows removed per table; orders are kept, detached (`orders` counts them). */
  removed: Record<string, number>;
}

/**
 * "Delete our account": after the typed confirmation (an email or username of the couple's, or
 * DELETE, or the word in another language the pages speak: ELIMINAR), every row of the couple goes, table by table (COUPLE_DATA_TABLES: this feature's
 * erasures, then the back office's deleteCoupleAccount), in one transaction; orders stay for the
 * seller's books, detached. Then the cached keepsakes and the outbox folder's copies of the erased
 * emails go. Every session of the couple ends with its account. The demo account
 * is refused (403): it is shared.
 */
export async function deleteOurAccount(
  deps: AppDeps,
  couple: Couple,
  input: DeleteOurAccountInput,
): Promise<DeletedAccount> {
  const removed = await deps.db.transaction().execute(async (trx) => {
    const scope = await repo.readScope(trx, couple.coupleId);
    if (!scope) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
    const demoEmail = deps.config.demoEmail;
    if (demoEmail !== '' && scope.emails.includes(demoEmail)) throw new AppError('FORBIDDEN', DEMO_ACCOUNT_KEPT);
    const typed = input.confirmation.trim().toLowerCase();
    const words = Object.values(DELETE_CONFIRMATION_WORDS);
    const accepted = [...words, ...scope.emails, ...scope.usernames].map((name) => name.toLowerCase());
    if (!accepted.includes(typed)) throw new AppError('BAD_REQUEST', CONFIRMATION_MISMATCH);
    const counts: Record<string, number> = {};
    for (const entry of COUPLE_DATA_TABLES) {
      if (entry.erase !== 'deleteCoupleAccount') counts[entry.table] = await entry.erase(trx, scope);
    }
    const deleted = await deleteCoupleAccount(trx, couple.coupleId);
    return {
      ...counts,
      couples: deleted.couples,
      accounts: deleted.accounts,
      sessions: deleted.sessions,
      progress: deleted.progress,
      workbook_responses: deleted.workbookResponses,
      week_summaries: deleted.weekSummaries,
      orders: deleted.ordersUnlinked,
    };
  });
  await removeKeepsakes(deps, couple.coupleId);
  // The .eml files of the erased emails (no SMTP_URL): they hold codes and names. A failure here
  // does not undo the deletion; the hourly outbox pass removes what is left.
  await tidyOutboxFolder(deps, Date.now()).catch(() => undefined);
  return { success: true, message: ACCOUNT_DELETED_MESSAGE, removed };
}

// ------------------------------------------------------------------------------------ The keepsake

/** How long making the keepsake may take. */
export const KEEPSAKE_TIME_LIMIT_MS = 5 * 60_000;

/**
 * The keepsake's file: named by a hash of the generator version and the couple's change stamp
 * (readKeepsakeStamp), so any change to the names, the date, the progress, an answer, a summary or
 * the course's texts gives a new name and the next download makes a fresh file.
 */
async function keepsakePath(deps: AppDeps, couple: Couple): Promise<string> {
  const [stamp, locale] = await Promise.all([
    repo.readKeepsakeStamp(deps.db, couple.coupleId),
    // The keepsake is written in the sign-in's language (decision 0232), inventory reports included.
    localeOfAccount(deps.db, couple.accountId),
  ]);
  const key = createHash('sha256')
    .update(JSON.stringify([KEEPSAKE_GENERATOR_VERSION, couple.coupleId, couple.accountId, locale, stamp ?? null]))
    .digest('hex')
    .slice(0, 24);
  return path.join(keepsakeDir(deps), `${filePrefix(couple.coupleId)}${key}.pdf`);
}

const builds = new Map<string, Promise<void>>();

/**
 * A seam for tests: awaited once the keepsake's PDF is written, before the build checks that the
 * couple is still there. A test deletes the account here to race the build deterministically.
 */
export const keepsakeBuildSteps = { afterRender: async (_target: string): Promise<void> => {} };

/**
 * Opens the couple's keepsake PDF, making it first when the cached one is missing or stale. The
 * caller owns the handle. Builds of the same file share one promise.
 */
export async function openKeepsake(deps: AppDeps, couple: Couple, now = new Date()): Promise<FileHandle> {
  await requireScope(deps, couple);
  const target = await keepsakePath(deps, couple);
  try {
    return await fs.open(target, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  let build = builds.get(target);
  if (!build) {
    build = buildKeepsakeFile(deps, couple, target, now).finally(() => builds.delete(target));
    builds.set(target, build);
  }
  await build;
  try {
    return await fs.open(target, 'r');
  } catch (error) {
    // The account deleted since the build (its deletion removes the file): refused like any request of it.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') await requireScope(deps, couple);
    throw error;
  }
}

/** The parts of the keepsake, one at a time: the cover, then each completed week with its answers. */
export async function* keepsakeParts(deps: AppDeps, couple: Couple, now = new Date()): AsyncGenerator<KeepsakePart> {
  const profile = await repo.findProfile(deps.db, couple.coupleId);
  if (!profile) return;
  // In the requesting sign-in's own language (decision 0232).
  const locale = await localeOfAccount(deps.db, couple.accountId);
  const milestoneTitle = (index: number) => t(locale, `pdf.milestone.${index + 1}` as MessageId);
  const completed = await repo.listCompletedWeekNumbers(deps.db, couple.coupleId);
  const reachedAt = new Map<number, string[]>();
  MILESTONES.forEach((milestone, index) => {
    const week = completed[milestone.week - 1];
    if (week !== undefined) reachedAt.set(week, [...(reachedAt.get(week) ?? []), milestoneTitle(index)]);
  });
  const names = { partner1: profile.display_name, partner2: profile.partner_name };
  const cover: KeepsakeCover = {
    kind: 'cover',
    locale,
    ...names,
    weddingDate: profile.wedding_date,
    weeksCompleted: completed.length,
    milestones: MILESTONES.flatMap((milestone, index) =>
      milestone.week <= completed.length ? [milestoneTitle(index)] : [],
    ),
    madeOn: now.toISOString().slice(0, 10),
  };
  yield cover;
  for (const weekNumber of completed) {
    const [record, answers, summary] = await Promise.all([
      repo.findProgress(deps.db, couple.coupleId, weekNumber),
      keepsakeAnswers(deps.db, couple, weekNumber, locale),
      keepsakeSummary(deps.db, couple, weekNumber),
    ]);
    const week: KeepsakeWeek = {
      kind: 'week',
      locale,
      weekNumber,
      title: answers.content.title,
      phase: phaseLabel(locale, weekNumber),
      completedAt: record?.completed_at ?? null,
      rating: record?.rating ?? null,
      notes: record?.notes ?? '',
      summary,
      partners: answers.partners.map((partner) => ({
        name: names[partner.partner],
        answers: partner.reflectionAnswers.map((item) => ({
          question: item.text ?? t(locale, 'pdf.keepsake.earlierQuestion'),
          answer: item.answer,
        })),
        discussionNotes: partner.discussionNotes,
        activityResponse: partner.activityResponse,
        commitment: partner.weeklyCommitment,
      })),
      milestones: reachedAt.get(weekNumber) ?? [],
    };
    yield week;
  }
  // "What we each expect": each revealed round's report (never a private statement), in the
  // language of the sign-in that asks.
  yield* await keepsakeInventories(deps.db, couple, await localeOfAccount(deps.db, couple.accountId));
}

/**
 * Makes the keepsake into `target`. The account can be deleted while this runs: its deletion sweeps
 * the couple's files once, and what the PDF worker writes after that sweep (its work folder, the
 * finished file) would stay. So once the work is over, finished or failed, the build checks that the
 * couple is still there; when they are gone it removes everything of theirs in the folder and
 * refuses like any request of a deleted account. A deletion that commits after the check finds the
 * finished file in its own sweep.
 */
async function buildKeepsakeFile(deps: AppDeps, couple: Couple, target: string, now: Date): Promise<void> {
  const failed = await writeKeepsakeFile(deps, couple, target, now).then(
    () => null,
    (error: unknown) => ({ error }),
  );
  if (!(await repo.readScope(deps.db, couple.coupleId))) {
    await removeKeepsakes(deps, couple.coupleId);
    throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  }
  if (failed) throw failed.error;
  await removeKeepsakes(deps, couple.coupleId, path.basename(target));
}

async function writeKeepsakeFile(deps: AppDeps, couple: Couple, target: string, now: Date): Promise<void> {
  const dir = path.dirname(target);
  await ensurePrivateDir(dir);
  const suffix = randomBytes(6).toString('hex');
  const source = `${target}.${suffix}.jsonl`;
  const file = await fs.open(source, 'w', 0o600);
  try {
    try {
      for await (const part of keepsakeParts(deps, couple, now)) await file.write(`${JSON.stringify(part)}\n`);
    } finally {
      await file.close();
    }
    await runPdfJob(
      {
        kind: 'keepsake',
        source,
        target,
        workDir: `${target}.${suffix}.parts`,
        title: t(await localeOfAccount(deps.db, couple.accountId), 'pdf.keepsake.title'),
      },
      KEEPSAKE_TIME_LIMIT_MS,
    );
    await keepsakeBuildSteps.afterRender(target);
  } finally {
    await fs.rm(source, { force: true });
  }
}
