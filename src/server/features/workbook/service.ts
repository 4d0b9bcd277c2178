import type { Partner } from '../../../shared/constants';
import { AppError } from '../../../shared/errors';
import { emptyWorkbookAnswers, hasReflectionAnswer } from '../../../shared/workbook-rules';
import type {
  GeneratedSummary,
  WeekContent,
  WeekSummary,
  WorkbookAnswers,
  WorkbookAnswersView,
  WorkbookResponse,
} from '../../../shared/workbook-schemas';
import type { AppDeps } from '../../deps/app-deps';
import { readOnce } from '../../deps/request-reads';
import type { CoupleAuth } from '../auth/access';
import { assertCanReadBoth, assertCanReadPartner, assertCanWritePartner } from '../partners/service';
import { assertWeekUnlocked } from '../progress/unlock';
import {
  cardIds,
  currentOnly,
  earlierAnswers,
  earlierIds,
  fromResponse,
  isOverflowKey,
  mergeById,
  questionIds,
  toResponse,
} from './answers';
import type { Locale } from '../../../shared/i18n/locales';
import { localeOfAccount } from '../i18n/locale';
import { currentWeekContent, currentWeekContentIn, earlierTexts } from './course-content';
import * as repo from './repo';
import { buildWeekSummary } from './summary';

/*
 * The workbook's rules, shared by the tRPC procedures and the REST shims. Inputs arrive validated
 * (week 1-52, partner1|partner2, the response shape); the couple comes from the session.
 */

type Couple = Pick<CoupleAuth, 'coupleId' | 'accessLevel'> & {
  /** The reader's sign-in, whose language the week is shown in (decision 0232). */
  accountId?: number;
  /** The language to show the week in, when the caller already knows it (the session's, a reminder's recipient). */
  locale?: Locale;
};
/**
 * Whoever reads or writes answers: the couple and the sign-in's partner binding, which the
 * sealing rule of the partners feature needs (docs/product.md#sealed-answers).
 */
type Reader = Pick<CoupleAuth, 'coupleId' | 'accessLevel' | 'partner' | 'privateAnswers'>;
/**
 * Who asks for the week's summary: a reader, and the sign-in whose language it is written in (the
 * session's, when the caller has it).
 */
type SummaryRequester = Reader & Pick<CoupleAuth, 'accountId'> & Partial<Pick<CoupleAuth, 'locale'>>;
/**
 * Who saves answers: a reader, and the sign-in whose language the answers are kept as written in
 * (issue 35: a page in the other language marks them with `lang`); without it, the language stored
 * stays as it was.
 */
type Writer = Reader & Partial<Pick<CoupleAuth, 'accountId' | 'locale'>>;

/**
 * The language of the sign-in that saves, when the caller names it: the session's (read with it,
 * decision 0371, as the week the page shows), or else the account's.
 */
async function writerLanguage(deps: AppDeps, writer: Writer): Promise<Locale | undefined> {
  if (writer.locale !== undefined) return writer.locale;
  return writer.accountId === undefined ? undefined : localeOfAccount(deps.db, writer.accountId);
}

export const SUMMARY_NEEDS_BOTH_MESSAGE =
  'Both partners need to answer at least one reflection question before a summary can be generated.';

/**
 * The exercises of a week, as the seller last saved them (decision 0125). Like the week's PDF, a
 * week's content is part of what the couple has unlocked: a locked week is refused with 403
 * (decision 0050).
 */
export async function getWeekContent(deps: AppDeps, couple: Couple, weekNumber: number): Promise<WeekContent> {
  await assertWeekUnlocked(deps, couple, weekNumber);
  const locale = couple.locale ?? (couple.accountId ? await localeOfAccount(deps.db, couple.accountId) : 'en');
  return (await currentWeekContentIn(deps, weekNumber, locale)).content;
}

/**
 * The week's saved responses of both partners and its stored summary, one statement shared by the
 * request (decisions 0371, 0378): the page asks for both partners' answers and the summary in one
 * batch. It holds what the sealing rule may refuse to the reader (the other partner's sealed
 * answers, a summary that quotes them), so nothing of it leaves this file but through storedAnswers
 * (after assertCanReadPartner) and getSummary (after assertCanReadBoth). Shared: never change it.
 */
function weekAnswers(deps: AppDeps, coupleId: number, weekNumber: number): Promise<repo.WeekAnswers> {
  return readOnce(deps, `workbook.week-answers:${coupleId}:${weekNumber}`, () =>
    repo.findWeekAnswers(deps.db, coupleId, weekNumber),
  );
}

/**
 * A partner's stored answers, read only through the sealing rule (assertCanReadPartner): the other
 * partner's sealed answers are refused with 403. Both partners' rows come from the week's one read
 * (weekAnswers), so a sealed row may be read along with the reader's own, but only the asked
 * partner's, once allowed, leaves here. Shared: never change it.
 */
async function storedAnswers(deps: AppDeps, reader: Reader, weekNumber: number, partner: Partner) {
  await assertCanReadPartner(deps, reader, weekNumber, partner);
  return (await weekAnswers(deps, reader.coupleId, weekNumber)).responses[partner];
}

/**
 * A partner's saved response as lists, one text per question and card in the week's current order
 * (the REST API and `workbook.get`); never saved: empty strings and empty arrays.
 */
export async function getResponse(
  deps: AppDeps,
  couple: Reader,
  weekNumber: number,
  partner: Partner,
): Promise<WorkbookResponse> {
  const [answers, current] = await Promise.all([
    storedAnswers(deps, couple, weekNumber, partner),
    currentWeekContent(deps, weekNumber),
  ]);
  return toResponse(answers ?? emptyWorkbookAnswers(), current.content);
}

/**
 * Saves (replaces) a partner's response given as lists in the week's current order, on an unlocked
 * week, and answers what was stored. Answers to questions the seller removed stay (decision 0126).
 */
export async function saveResponse(
  deps: AppDeps,
  couple: Writer,
  weekNumber: number,
  partner: Partner,
  response: WorkbookResponse,
): Promise<WorkbookResponse> {
  assertCanWritePartner(couple, partner);
  await assertWeekUnlocked(deps, couple, weekNumber);
  const [previous, current] = await Promise.all([
    storedAnswers(deps, couple, weekNumber, partner),
    currentWeekContent(deps, weekNumber),
  ]);
  const answers = fromResponse(response, current.content, previous && withoutRevision(previous));
  await repo.upsertResponse(deps.db, couple.coupleId, weekNumber, partner, answers, await writerLanguage(deps, couple));
  return toResponse(answers, current.content);
}

async function answersView(
  deps: AppDeps,
  weekNumber: number,
  answers: WorkbookAnswers,
  content: WeekContent,
  revision: number,
  language: Locale | null,
): Promise<WorkbookAnswersView> {
  const questions = questionIds(content);
  const cards = cardIds(content);
  const texts = await earlierTexts(deps.db, weekNumber, [
    ...earlierIds(answers.reflectionAnswers, questions),
    ...earlierIds(answers.conversationCards, cards),
  ]);
  const textOf = (id: string) => texts.get(id) ?? null;
  return {
    ...currentOnly(withoutRevision(answers), content),
    revision,
    language,
    earlier: {
      reflectionAnswers: earlierAnswers(answers.reflectionAnswers, questions, textOf),
      conversationCards: earlierAnswers(answers.conversationCards, cards, textOf),
    },
  };
}

/** The answers alone (a stored row also carries its revision and language, which the view names once). */
function withoutRevision(answers: WorkbookAnswers & { revision?: number; language?: Locale | null }): WorkbookAnswers {
  const { revision: _revision, language: _language, ...rest } = answers;
  return rest;
}

export const WORKBOOK_CONFLICT_MESSAGE =
  'These answers were changed on another device or by your partner since you started editing. Nothing was overwritten: compare both and save again.';

/**
 * A partner's answers by question and card id (`workbook.answers`, what the web app edits), with the
 * answers to questions since removed apart, "from an earlier version".
 */
export async function getAnswers(
  deps: AppDeps,
  couple: Reader,
  weekNumber: number,
  partner: Partner,
): Promise<WorkbookAnswersView> {
  const [answers, current] = await Promise.all([
    storedAnswers(deps, couple, weekNumber, partner),
    currentWeekContent(deps, weekNumber),
  ]);
  return answersView(
    deps,
    weekNumber,
    answers ?? emptyWorkbookAnswers(),
    current.content,
    answers?.revision ?? 0,
    answers?.language ?? null,
  );
}

/**
 * Saves a partner's answers given by id: they replace the answers to the week's questions (and to
 * any earlier question they name); other earlier answers stay. An id the week never had is refused
 * with 400 naming it. With `baseRevision` (the revision the answers were edited from; 0 when
 * nothing was saved yet), a save made after another one since that revision is refused with 409
 * CONFLICT carrying the stored answers as `current`, and nothing is written (decision 0267).
 */
export async function saveAnswers(
  deps: AppDeps,
  couple: Writer,
  weekNumber: number,
  partner: Partner,
  given: WorkbookAnswers,
  baseRevision?: number,
): Promise<WorkbookAnswersView> {
  assertCanWritePartner(couple, partner);
  await assertWeekUnlocked(deps, couple, weekNumber);
  const [previous, current] = await Promise.all([
    storedAnswers(deps, couple, weekNumber, partner),
    currentWeekContent(deps, weekNumber),
  ]);
  const fields = [
    ['reflectionAnswers', given.reflectionAnswers, questionIds(current.content), previous?.reflectionAnswers],
    ['conversationCards', given.conversationCards, cardIds(current.content), previous?.conversationCards],
  ] as const;
  const unknown = fields.flatMap(([field, answers, ids, before]) =>
    earlierIds(answers, ids)
      .filter((id) => !(before && Object.hasOwn(before, id)))
      .map((id) => ({ field, id })),
  );
  if (unknown.some(({ id }) => isOverflowKey(id)))
    throw new AppError('BAD_REQUEST', 'Answers must be keyed by question id.');
  if (unknown.length > 0) {
    const known = await earlierTexts(
      deps.db,
      weekNumber,
      unknown.map(({ id }) => id),
    );
    const missing = unknown.find(({ id }) => !known.has(id));
    if (missing) {
      throw new AppError('BAD_REQUEST', `${missing.field}.${missing.id}: week ${weekNumber} has no such question.`);
    }
  }
  const conflict = async (stored: repo.StoredAnswers | undefined) =>
    new AppError('CONFLICT', WORKBOOK_CONFLICT_MESSAGE, {
      current: await answersView(
        deps,
        weekNumber,
        stored ?? emptyWorkbookAnswers(),
        current.content,
        stored?.revision ?? 0,
        stored?.language ?? null,
      ),
    });
  if (baseRevision !== undefined && baseRevision !== (previous?.revision ?? 0)) throw await conflict(previous);
  const answers = mergeById(given, current.content, previous);
  const language = await writerLanguage(deps, couple);
  const revision =
    baseRevision === undefined
      ? await repo.upsertResponse(deps.db, couple.coupleId, weekNumber, partner, answers, language)
      : await repo.replaceResponseAtRevision(
          deps.db,
          couple.coupleId,
          weekNumber,
          partner,
          answers,
          baseRevision,
          language,
        );
  // Another save landed between the read above and this write: refused the same way.
  if (revision === null) throw await conflict(await repo.findResponse(deps.db, couple.coupleId, weekNumber, partner));
  return answersView(deps, weekNumber, answers, current.content, revision, language ?? previous?.language ?? null);
}

/**
 * The week's stored summary (read with both partners' answers, weekAnswers). It quotes both
 * partners, so with private answers on a stored summary is refused (403) until both have shared the
 * week; none stored answers null as before.
 */
export async function getSummary(deps: AppDeps, couple: Reader, weekNumber: number): Promise<WeekSummary> {
  const stored = (await weekAnswers(deps, couple.coupleId, weekNumber)).summary;
  if (!stored) return { summary: null };
  await assertCanReadBoth(deps, couple, weekNumber);
  // The summary alone: what the week's read also holds (both partners' answers) stays here.
  return { summary: stored.summary, language: stored.language };
}

/**
 * Writes the week's summary from both partners' answers (by question id) and the week's content,
 * stores it (a new one replaces the old) and answers it. Refused (400) until both partners have a
 * non-empty reflection answer, and with private answers on until both have shared the week (403).
 */
export async function generateSummary(
  deps: AppDeps,
  couple: SummaryRequester,
  weekNumber: number,
): Promise<GeneratedSummary> {
  await assertWeekUnlocked(deps, couple, weekNumber);
  // With private answers on, only once both partners have shared the week (docs/product.md#sealed-answers).
  await assertCanReadBoth(deps, couple, weekNumber);
  // The summary is written in the language of the sign-in that asks for it, as the week is shown to
  // it and as the keepsake is written (decision 0232): when the partners read the course in
  // different languages, whoever presses "Generate summary" reads it in their own, and it is stored
  // (and printed in the keepsake) as written; the other partner's "Refresh summary" writes it again
  // in theirs. Its sentences are built around the week's focus and topics, so they follow the
  // content actually read: a week without a complete translation is summarised whole in English.
  const locale = couple.locale ?? (await localeOfAccount(deps.db, couple.accountId));
  const [partner1, partner2, names, current] = await Promise.all([
    storedAnswers(deps, couple, weekNumber, 'partner1'),
    storedAnswers(deps, couple, weekNumber, 'partner2'),
    repo.findPartnerNames(deps.db, couple.coupleId),
    currentWeekContentIn(deps, weekNumber, locale),
  ]);
  if (!partner1 || !partner2 || !hasReflectionAnswer(partner1) || !hasReflectionAnswer(partner2)) {
    throw new AppError('BAD_REQUEST', SUMMARY_NEEDS_BOTH_MESSAGE);
  }
  const language = current.content.locale ?? 'en';
  const summary = buildWeekSummary({
    content: current.content,
    names,
    responses: { partner1, partner2 },
    locale: language,
  });
  await repo.upsertSummary(deps.db, couple.coupleId, weekNumber, summary, language);
  return { summary, language };
}
