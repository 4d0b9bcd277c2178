import type { Locale } from '../../../shared/i18n/locales';
import type { Partner } from '../../../shared/constants';
import type { AnsweredItem } from '../../../shared/our-data-schemas';
import type { WeekContent } from '../../../shared/workbook-schemas';
import type { DB } from '../../db/client';
import type { CoupleAuth } from '../auth/access';
import { canReadBoth, canReadPartner } from '../partners/service';
import { cardIds, earlierIds, isOverflowKey, parseStoredAnswers, questionIds } from '../workbook/answers';
import { earlierTexts, weekContentFor } from '../workbook/course-content';
import { findSummary, listWeekResponses, type StoredResponseRow } from './repo';

/** One partner's answers of one week, each with the text of its question or card. */
export interface PartnerWeekAnswers {
  partner: Partner;
  reflectionAnswers: AnsweredItem[];
  discussionNotes: string;
  activityResponse: string;
  weeklyCommitment: string;
  conversationCards: AnsweredItem[];
  updatedAt: string;
}

export interface VisibleWeekAnswers {
  content: WeekContent;
  /** The partners whose answers the signed-in couple may see, partner1 first. */
  partners: PartnerWeekAnswers[];
}

/** Answers by id as a list: the week's current questions in order, then removed ones, then extra list items. */
function answeredItems(
  answers: Record<string, string>,
  ids: string[],
  textOf: (id: string) => string | null,
): AnsweredItem[] {
  const current = ids.filter((id) => Object.hasOwn(answers, id));
  const earlier = earlierIds(answers, ids);
  const overflow = Object.keys(answers)
    .filter(isOverflowKey)
    .sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
  return [...current, ...earlier, ...overflow].map((id) => ({ id, text: textOf(id), answer: answers[id]! }));
}

/**
 * THE read of a couple's workbook answers for their own copies: the keepsake PDF and "Download our
 * data" both go through here and nowhere else (docs/product.md#our-data). Which partners' answers
 * the signed-in sign-in may see is decided here, by the sealing rule (docs/product.md#sealed-answers):
 * with private answers on, a partner-bound sign-in gets the other partner's answers of a week only
 * once both have shared it.
 */
export async function keepsakeAnswers(
  db: DB,
  couple: Pick<CoupleAuth, 'coupleId' | 'accountId' | 'partner' | 'privateAnswers'>,
  weekNumber: number,
  locale: Locale = 'en',
): Promise<VisibleWeekAnswers> {
  // The questions' texts in the reader's language; the answers are tied to the ids (decision 0232).
  const [allRows, content] = await Promise.all([
    listWeekResponses(db, couple.coupleId, weekNumber),
    weekContentFor(db, weekNumber, locale),
  ]);
  const rows: StoredResponseRow[] = [];
  for (const row of allRows) if (await canReadPartner({ db }, couple, weekNumber, row.partner)) rows.push(row);
  const questions = questionIds(content);
  const cards = cardIds(content);
  const parsed = rows.map((row: StoredResponseRow) => ({
    row,
    reflection: parseStoredAnswers(row.reflection_answers),
    cardNotes: parseStoredAnswers(row.conversation_cards),
  }));
  const removed = parsed.flatMap(({ reflection, cardNotes }) => [
    ...earlierIds(reflection, questions),
    ...earlierIds(cardNotes, cards),
  ]);
  const earlier = await earlierTexts(db, weekNumber, [...new Set(removed)], locale);
  const texts = new Map<string, string>([
    ...content.reflectionQuestions.map((question) => [question.id, question.question] as const),
    ...content.conversationCards.map((card) => [card.id, card.text] as const),
  ]);
  const textOf = (id: string) => texts.get(id) ?? earlier.get(id) ?? null;
  return {
    content,
    partners: parsed.map(({ row, reflection, cardNotes }) => ({
      partner: row.partner,
      reflectionAnswers: answeredItems(reflection, questions, textOf),
      discussionNotes: row.discussion_notes,
      activityResponse: row.activity_response,
      weeklyCommitment: row.weekly_commitment,
      conversationCards: answeredItems(cardNotes, cards, textOf),
      updatedAt: row.updated_at,
    })),
  };
}

/**
 * A week's stored summary for the couple's own copies (the keepsake, "Download our data"): as
 * `workbook.summary` answers it, so none while the week is sealed (a summary quotes both partners).
 */
export async function keepsakeSummary(
  db: DB,
  couple: Pick<CoupleAuth, 'coupleId' | 'partner' | 'privateAnswers'>,
  weekNumber: number,
): Promise<string | null> {
  const summary = await findSummary(db, couple.coupleId, weekNumber);
  return summary !== null && (await canReadBoth({ db }, couple, weekNumber)) ? summary : null;
}
