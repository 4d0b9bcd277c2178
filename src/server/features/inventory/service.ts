import fs from 'node:fs/promises';
import path from 'node:path';
import { PARTNERS, type Partner } from '../../../shared/constants';
import { AppError } from '../../../shared/errors';
import {
  AGGREGATE_MIN_COUPLES,
  type InventoryAggregate,
  type InventoryLocale,
  type InventoryReport,
  type InventorySaveResult,
  type InventoryStatus,
  type InventoryTopic,
  type InventoryTopicView,
  RETAKE_AFTER_MONTHS,
  type ReportStatement,
  SAFETY_TOPIC,
  type TopicChange,
} from '../../../shared/inventory-schemas';
import type { MessageId } from '../../../shared/i18n/locales';
import { type DB, nowIso } from '../../db/client';
import type { AppDeps } from '../../deps/app-deps';
import type { CoupleAuth } from '../auth/access';
import { ensurePrivateDir } from '../../platform/private-files';
import { t } from '../i18n/translate';
import type { KeepsakeInventory } from '../printables/keepsake-parts';
import { runPdfJob } from '../printables/pdf-jobs';
import {
  type AnswerReader,
  assertCanReadBothOnce,
  assertCanWritePartner,
  canReadPartnerOnce,
  inventoryPartnerOf,
  personalPartnerOf,
} from '../partners/service';
import { currentTopics, privateStatementIds, topicsIn } from './content';
import { buildReportTopics, talkFirst, topicChange, topicTalkCounts } from './report';
import * as repo from './repo';

/*
 * "What we each expect" (issue 41, decisions 0235-0239). Each partner answers privately; the
 * answers are sealed until both have finished, by the partners feature's one sealing rule
 * (decision 0162) with the inventory's own reveal: both finished. Private (safety) answers never
 * leave the view of the partner who gave them: they are returned only to a sign-in bound to that
 * partner, never on a shared device, never in the report, the keepsake, the other partner's export
 * or any figure the seller sees.
 */

export const INVENTORY_SEALED_MESSAGE =
  "Your partner's answers are sealed: the report opens once you have both finished.";
const FINISHED_MESSAGE = 'These answers are finished: they stay as they are until a retake.';

/**
 * The inventory is always private, whatever the couple's private-answers setting for the weeks:
 * the reader as the inventory sees it, the original sign-in being partner1 once the couple has a
 * personal sign-in (inventoryPartnerOf). Every read and write below goes through it.
 */
async function inventoryReader(db: DB, auth: AnswerReader): Promise<AnswerReader> {
  return { coupleId: auth.coupleId, partner: await inventoryPartnerOf(db, auth), privateAnswers: true };
}

/** An answer that signals fear or control: agreeing (4) or strongly agreeing (5) with a safety statement. */
export function signalsFear(answer: number): boolean {
  return answer >= 4;
}

function finishedAt(round: repo.StoredRound, partner: Partner): string | null {
  return partner === 'partner1' ? round.partner1FinishedAt : round.partner2FinishedAt;
}

/** The date six calendar months after `iso`. */
export function retakeDate(iso: string): Date {
  const date = new Date(iso);
  date.setUTCMonth(date.getUTCMonth() + RETAKE_AFTER_MONTHS);
  return date;
}

export async function listStatements(deps: AppDeps, locale: InventoryLocale): Promise<InventoryTopicView[]> {
  return topicsIn(await currentTopics(deps.db), locale);
}

function statementCount(topics: InventoryTopic[]): number {
  return topics.reduce((sum, topic) => sum + topic.statements.length, 0);
}

export async function getStatus(deps: AppDeps, auth: CoupleAuth): Promise<InventoryStatus> {
  const [round, topics, reader] = await Promise.all([
    repo.latestRound(deps.db, auth.coupleId),
    currentTopics(deps.db),
    inventoryReader(deps.db, auth),
  ]);
  const total = statementCount(topics);
  if (!round) {
    return {
      round: null,
      total,
      you: reader.partner,
      partners: { partner1: { answered: 0, finishedAt: null }, partner2: { answered: 0, finishedAt: null } },
      revealed: false,
      revealedAt: null,
      retakeFrom: null,
      canRetake: false,
    };
  }
  const [answered1, answered2] = await Promise.all(
    PARTNERS.map((partner) => repo.countAnswers(deps.db, auth.coupleId, round.id, partner)),
  );
  const retakeFrom = round.revealedAt ? retakeDate(round.revealedAt) : null;
  return {
    round: round.roundNumber,
    total,
    you: reader.partner,
    partners: {
      partner1: { answered: answered1 ?? 0, finishedAt: round.partner1FinishedAt },
      partner2: { answered: answered2 ?? 0, finishedAt: round.partner2FinishedAt },
    },
    revealed: round.revealedAt !== null,
    revealedAt: round.revealedAt,
    retakeFrom: retakeFrom?.toISOString() ?? null,
    canRetake: retakeFrom !== null && retakeFrom.getTime() <= Date.now(),
  };
}

/**
 * THE read of one partner's stored answers of a round: the sealing rule first (403 before
 * anything is read), then private (safety) answers kept only for a sign-in bound to that partner.
 * `reader` is the inventory's view of the sign-in (inventoryReader).
 */
async function readableAnswers(
  db: DB,
  reader: AnswerReader,
  round: repo.StoredRound,
  partner: Partner,
): Promise<Map<string, number>> {
  const revealed = async () => round.revealedAt !== null;
  if (!(await canReadPartnerOnce(reader, partner, revealed))) {
    throw new AppError('FORBIDDEN', INVENTORY_SEALED_MESSAGE);
  }
  const rows = await repo.listAnswers(db, reader.coupleId, round.id, partner);
  const ownView = reader.partner === partner;
  const hidden = ownView ? new Set<string>() : privateStatementIds();
  return new Map(rows.filter((row) => !hidden.has(row.statementId)).map((row) => [row.statementId, row.answer]));
}

/** A partner's answers of the current round, by statement id (what the answering page resumes from). */
export async function getAnswers(
  deps: AppDeps,
  auth: CoupleAuth,
  partner: Partner,
): Promise<{ round: number | null; answers: Record<string, number>; finishedAt: string | null }> {
  const [round, reader] = await Promise.all([repo.latestRound(deps.db, auth.coupleId), inventoryReader(deps.db, auth)]);
  if (!round) {
    // Nothing stored yet; the rule still answers first, so a sealed read is refused the same way.
    await assertReadable(reader, partner);
    return { round: null, answers: {}, finishedAt: null };
  }
  const answers = await readableAnswers(deps.db, reader, round, partner);
  return { round: round.roundNumber, answers: Object.fromEntries(answers), finishedAt: finishedAt(round, partner) };
}

async function assertReadable(reader: AnswerReader, partner: Partner): Promise<void> {
  if (!(await canReadPartnerOnce(reader, partner, async () => false))) {
    throw new AppError('FORBIDDEN', INVENTORY_SEALED_MESSAGE);
  }
}

/** The round answers go to: the open latest round, or a first one. */
async function openRound(db: DB, coupleId: number): Promise<repo.StoredRound> {
  const latest = await repo.latestRound(db, coupleId);
  if (latest && latest.revealedAt === null) return latest;
  if (latest) {
    throw new AppError(
      'CONFLICT',
      `You have both finished. A retake opens on ${retakeDate(latest.revealedAt!).toISOString().slice(0, 10)}.`,
    );
  }
  const created = (await repo.insertRound(db, coupleId, 1, nowIso())) ?? (await repo.latestRound(db, coupleId));
  if (!created) throw new AppError('CONFLICT', 'Please try again.');
  return created;
}

/**
 * Saves some of a partner's answers (progress is kept: any number at a time, in any order). The
 * answer says `showHelp` when one of them signals fear or control; it goes to the sign-in that
 * answered only, nothing is stored about it, and nothing else changes for the couple.
 */
export async function saveAnswers(
  deps: AppDeps,
  auth: CoupleAuth,
  partner: Partner,
  answers: Record<string, number>,
): Promise<InventorySaveResult> {
  assertCanWritePartner(await inventoryReader(deps.db, auth), partner);
  const topics = await currentTopics(deps.db);
  const known = new Set(topics.flatMap((topic) => topic.statements.map((statement) => statement.id)));
  const entries = Object.entries(answers);
  const unknown = entries.filter(([id]) => !known.has(id)).map(([id]) => id);
  if (unknown.length > 0) throw new AppError('BAD_REQUEST', `answers: no statement ${unknown.slice(0, 3).join(', ')}.`);
  const round = await openRound(deps.db, auth.coupleId);
  if (finishedAt(round, partner)) throw new AppError('CONFLICT', FINISHED_MESSAGE);
  await repo.upsertAnswers(deps.db, auth.coupleId, round.id, partner, entries, nowIso());
  const privateIds = privateStatementIds();
  const showHelp = entries.some(([id, answer]) => privateIds.has(id) && signalsFear(answer));
  return {
    answered: await repo.countAnswers(deps.db, auth.coupleId, round.id, partner),
    finishedAt: null,
    revealed: false,
    showHelp,
  };
}

/**
 * A partner's "I have finished": every statement answered ("not sure" counts), then the answers
 * are final. When it completes the pair, the round is revealed and its per-topic "talk about it"
 * counts are stored for the seller's aggregate.
 */
export async function finish(deps: AppDeps, auth: CoupleAuth, partner: Partner): Promise<InventoryStatus> {
  assertCanWritePartner(await inventoryReader(deps.db, auth), partner);
  const topics = await currentTopics(deps.db);
  const round = await repo.latestRound(deps.db, auth.coupleId);
  if (!round || round.revealedAt !== null) throw new AppError('CONFLICT', 'There is no inventory in progress.');
  if (!finishedAt(round, partner)) {
    const answered = new Set(
      (await repo.listAnswers(deps.db, auth.coupleId, round.id, partner)).map((row) => row.statementId),
    );
    const missing = topics.flatMap((topic) => topic.statements).filter((statement) => !answered.has(statement.id));
    if (missing.length > 0) {
      throw new AppError(
        'BAD_REQUEST',
        `${missing.length} statements are still unanswered ("not sure" is an answer too).`,
      );
    }
    const now = nowIso();
    await deps.db.transaction().execute(async (trx) => {
      await repo.markFinished(trx, auth.coupleId, round.id, partner, now);
      const current = await repo.latestRound(trx, auth.coupleId);
      if (!current?.partner1FinishedAt || !current.partner2FinishedAt) return;
      const [partner1, partner2] = await Promise.all(
        PARTNERS.map(
          async (who) =>
            new Map(
              (await repo.listAnswers(trx, auth.coupleId, round.id, who)).map((row) => [row.statementId, row.answer]),
            ),
        ),
      );
      const reportTopics = buildReportTopics(topicsIn(topics, 'en').map(toReportInput), {
        partner1: partner1!,
        partner2: partner2!,
      });
      await repo.markRevealed(trx, auth.coupleId, round.id, now, JSON.stringify(topicTalkCounts(reportTopics)));
    });
  }
  return getStatus(deps, auth);
}

function toReportInput(topic: InventoryTopicView) {
  return { id: topic.id, title: topic.title, weeks: topic.weeks, statements: topic.statements };
}

/** Starts a retake: six months after the last reveal, a new round (409 before). */
export async function startRetake(deps: AppDeps, auth: CoupleAuth): Promise<InventoryStatus> {
  const latest = await repo.latestRound(deps.db, auth.coupleId);
  if (!latest?.revealedAt) throw new AppError('CONFLICT', 'A retake opens once you have both finished.');
  const from = retakeDate(latest.revealedAt);
  if (from.getTime() > Date.now()) {
    throw new AppError(
      'CONFLICT',
      `A retake opens on ${from.toISOString().slice(0, 10)}, six months after your report.`,
    );
  }
  await repo.insertRound(deps.db, auth.coupleId, latest.roundNumber + 1, nowIso());
  return getStatus(deps, auth);
}

/**
 * The report of a revealed round (the latest by default), compared with the round before it. Both
 * partners' answers are read through the sealing rule; 403 until both have finished, whoever asks
 * (the shared device too: the report needs both).
 */
export async function getReport(
  deps: AppDeps,
  auth: CoupleAuth,
  locale: InventoryLocale,
  roundNumber?: number,
): Promise<InventoryReport> {
  const rounds = await repo.listRounds(deps.db, auth.coupleId);
  const round =
    roundNumber === undefined ? rounds[0] : rounds.find((candidate) => candidate.roundNumber === roundNumber);
  if (!round) {
    if (roundNumber !== undefined) throw new AppError('NOT_FOUND', `No inventory round ${roundNumber}.`);
    throw new AppError('FORBIDDEN', INVENTORY_SEALED_MESSAGE);
  }
  return reportOf(deps.db, auth, round, rounds, locale);
}

async function reportOf(
  db: DB,
  auth: AnswerReader,
  round: repo.StoredRound,
  rounds: repo.StoredRound[],
  locale: InventoryLocale,
): Promise<InventoryReport> {
  const reader = await inventoryReader(db, auth);
  await assertCanReadBothOnce(reader, async () => round.revealedAt !== null, INVENTORY_SEALED_MESSAGE);
  const [partner1, partner2, topics, names] = await Promise.all([
    readableAnswers(db, reader, round, 'partner1'),
    readableAnswers(db, reader, round, 'partner2'),
    currentTopics(db),
    repo.findCoupleNames(db, auth.coupleId),
  ]);
  const views = topicsIn(topics, locale);
  const reportTopics = buildReportTopics(views.map(toReportInput), { partner1, partner2 });
  const previous = rounds.find(
    (candidate) => candidate.roundNumber < round.roundNumber && candidate.revealedAt !== null,
  );
  let comparison: InventoryReport['comparison'] = null;
  if (previous?.topicTalk) {
    const before = parseTalk(previous.topicTalk);
    comparison = {
      round: previous.roundNumber,
      topics: reportTopics.map((topic) => ({
        id: topic.id,
        title: topic.title,
        before: before[topic.id] ?? 0,
        now: topic.talk.length,
        change: topicChange(before[topic.id], topic.talk.length),
      })),
    };
  }
  return {
    round: round.roundNumber,
    revealedAt: round.revealedAt!,
    names: names ?? { partner1: '', partner2: '' },
    topics: reportTopics,
    talkFirst: talkFirst(reportTopics),
    comparison,
  };
}

function parseTalk(json: string): Record<string, number> {
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== 'object') return {};
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
    );
  } catch {
    return {};
  }
}

// --------------------------------------- The couple's own copies: the keepsake and the data export

/** How a topic moved since the round before, in words ("You now agree on money."), or null. */
export function changeSentence(
  locale: InventoryLocale,
  change: TopicChange,
  title: string,
  previousRound: number,
): string | null {
  const id = CHANGE_IDS[change];
  return id ? t(locale, id, { topic: title.toLocaleLowerCase(locale), round: previousRound }) : null;
}

const CHANGE_IDS: Partial<Record<TopicChange, MessageId>> = {
  'now-agree': 'inventory.change.nowAgree',
  closer: 'inventory.change.closer',
  further: 'inventory.change.further',
};

/** A report as the keepsake and the printable PDF render it. */
export function toKeepsakeInventory(report: InventoryReport, locale: InventoryLocale): KeepsakeInventory {
  const strip = ({ text, partner1, partner2 }: ReportStatement) => ({ text, partner1, partner2 });
  return {
    kind: 'inventory',
    locale,
    round: report.round,
    revealedAt: report.revealedAt,
    partner1: report.names.partner1,
    partner2: report.names.partner2,
    topics: report.topics.map((topic) => {
      const change = report.comparison?.topics.find((entry) => entry.id === topic.id);
      return {
        title: topic.title,
        weeks: topic.weeks,
        agree: topic.agree.map(strip),
        talk: topic.talk.map(strip),
        unsure: topic.unsure.map(strip),
        change:
          change && report.comparison
            ? changeSentence(locale, change.change, topic.title, report.comparison.round)
            : null,
      };
    }),
  };
}

/** The reports of every revealed round, oldest first, for the keepsake (no safety statement, ever). */
export async function keepsakeInventories(
  db: DB,
  auth: AnswerReader,
  locale: InventoryLocale = 'en',
): Promise<KeepsakeInventory[]> {
  const rounds = await repo.listRounds(db, auth.coupleId);
  const parts: KeepsakeInventory[] = [];
  for (const round of [...rounds].reverse()) {
    if (round.revealedAt !== null)
      parts.push(toKeepsakeInventory(await reportOf(db, auth, round, rounds, locale), locale));
  }
  return parts;
}

/**
 * The answers "Download our data" exports for the signed-in sign-in: per round, each partner's
 * answers it may read by the sealing rule. A safety answer only on the personal sign-in of the
 * partner who gave it (decision 0338): never on the couple's original sign-in, whose code both
 * partners may know, even where the inventory reads that sign-in as partner1.
 */
export async function* exportedAnswers(
  db: DB,
  auth: AnswerReader & { accountId: number },
): AsyncIterable<{ round: number; partner: Partner; statementId: string; answer: number }> {
  const [reader, ownPartner] = await Promise.all([inventoryReader(db, auth), personalPartnerOf(db, auth.accountId)]);
  const safety = privateStatementIds();
  for (const round of await repo.listRounds(db, auth.coupleId)) {
    for (const partner of PARTNERS) {
      if (!(await canReadPartnerOnce(reader, partner, async () => round.revealedAt !== null))) continue;
      const answers = await readableAnswers(db, reader, round, partner);
      for (const [statementId, answer] of answers) {
        if (safety.has(statementId) && ownPartner !== partner) continue;
        yield { round: round.roundNumber, partner, statementId, answer };
      }
    }
  }
}

export async function exportedRounds(db: DB, coupleId: number) {
  return repo.listRounds(db, coupleId);
}

// ------------------------------------------------- The seller's figures: anonymous aggregates only

/**
 * How many couples started and finished, and (across at least AGGREGATE_MIN_COUPLES couples) which
 * topics differ most: the share of couples whose latest report has something to talk about in a
 * topic. Built from the counts stored at each reveal; no answer is read, the safety topic is never
 * counted.
 */
export async function getAggregate(deps: AppDeps): Promise<InventoryAggregate> {
  const [couplesStarted, revealed, topics] = await Promise.all([
    repo.countCouplesStarted(deps.db),
    repo.listRevealedTopicTalk(deps.db),
    currentTopics(deps.db),
  ]);
  const latest = new Map<number, { roundNumber: number; topicTalk: string | null }>();
  for (const row of revealed) {
    const seen = latest.get(row.coupleId);
    if (!seen || seen.roundNumber < row.roundNumber) latest.set(row.coupleId, row);
  }
  const couplesFinished = latest.size;
  if (couplesFinished < AGGREGATE_MIN_COUPLES) return { couplesStarted, couplesFinished, topicsThatDiffer: null };
  const withTalk = new Map<string, number>();
  for (const { topicTalk } of latest.values()) {
    const counts = parseTalk(topicTalk ?? '{}');
    for (const [topicId, count] of Object.entries(counts)) {
      if (count > 0 && topicId !== SAFETY_TOPIC) withTalk.set(topicId, (withTalk.get(topicId) ?? 0) + 1);
    }
  }
  const topicsThatDiffer = topics
    .filter((topic) => topic.id !== SAFETY_TOPIC)
    .map((topic) => {
      const couplesWithTalk = withTalk.get(topic.id) ?? 0;
      return { id: topic.id, title: topic.title.en, couplesWithTalk, share: couplesWithTalk / couplesFinished };
    })
    .sort((a, b) => b.couplesWithTalk - a.couplesWithTalk);
  return { couplesStarted, couplesFinished, topicsThatDiffer };
}

// ---------------------------------------------------------------------------- The printable report

const REPORT_PDF_TIME_LIMIT_MS = 60_000;

/**
 * The report of a round as a PDF (DejaVu fonts, rendered in the PDF worker like the keepsake, of
 * which it is one part): made for each download in a private temporary folder and read into
 * memory (a few pages), then removed. Sealed like the report (403 until both have finished).
 */
export async function reportPdf(
  deps: AppDeps,
  auth: CoupleAuth,
  locale: InventoryLocale,
  roundNumber?: number,
): Promise<{ bytes: Uint8Array; round: number }> {
  const report = await getReport(deps, auth, locale, roundNumber);
  const dir = path.join(deps.config.dataDir, 'cache', 'inventory');
  await ensurePrivateDir(dir);
  const work = await fs.mkdtemp(path.join(dir, `couple-${auth.coupleId}-`));
  try {
    const source = path.join(work, 'report.jsonl');
    const target = path.join(work, 'report.pdf');
    await fs.writeFile(source, `${JSON.stringify(toKeepsakeInventory(report, locale))}\n`, { mode: 0o600 });
    await runPdfJob(
      { kind: 'keepsake', source, target, workDir: path.join(work, 'parts'), title: t(locale, 'inventory.title') },
      REPORT_PDF_TIME_LIMIT_MS,
    );
    return { bytes: new Uint8Array(await fs.readFile(target)), round: report.round };
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}
