import type {
  EarlierAnswer,
  WeekContentData,
  WorkbookAnswers,
  WorkbookResponse,
} from '../../../shared/workbook-schemas';

/*
 * A partner's answers are stored by the stable ids of the week's questions and cards
 * (decision 0126). The REST API and `workbook.get` keep their lists, one text per question or card
 * in the week's current order; these pure functions translate between the two.
 *
 * Three kinds of key live in a stored answer object:
 * - the id of a question or card the week has now;
 * - the id of one the seller has since removed (an "earlier" answer: kept, shown apart, and back in
 *   place if the question returns);
 * - `#N`, an item a list gave beyond the week's questions or cards (the REST API accepts up to 20),
 *   kept so a list reads back as it was saved.
 */

type ContentIds = Pick<WeekContentData, 'reflectionQuestions' | 'conversationCards'>;

const OVERFLOW = /^#(\d+)$/;

/** An object's own answer under a key (never an inherited property such as `constructor`). */
function own(answers: Readonly<Record<string, string>>, key: string): string | undefined {
  return Object.hasOwn(answers, key) ? answers[key] : undefined;
}

/** A stored answer object (JSON) as text by key; anything else in it, or unreadable JSON, is no answer. */
export function parseStoredAnswers(json: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

export function isOverflowKey(key: string): boolean {
  return OVERFLOW.test(key);
}

export function questionIds(content: ContentIds): string[] {
  return content.reflectionQuestions.map((question) => question.id);
}

export function cardIds(content: ContentIds): string[] {
  return content.conversationCards.map((card) => card.id);
}

/** Answers by id as a list in the order of `ids`, then the overflow items; no trailing unsaved items. */
export function listInOrder(answers: Readonly<Record<string, string>>, ids: readonly string[]): string[] {
  const overflow = Object.keys(answers)
    .filter(isOverflowKey)
    .sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)))
    .map((key) => answers[key]!);
  const list = ids.map((id) => own(answers, id));
  let end = list.length;
  if (overflow.length === 0) while (end > 0 && list[end - 1] === undefined) end -= 1;
  return [...list.slice(0, end).map((answer) => answer ?? ''), ...overflow];
}

/**
 * A list (one text per question, in the order of `ids`) as answers by id. It replaces the answers to
 * the current questions; answers to removed questions in `previous` stay.
 */
export function keyedInOrder(
  list: readonly string[],
  ids: readonly string[],
  previous: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const current = new Set(ids);
  const keyed: Record<string, string> = {};
  for (const [key, answer] of Object.entries(previous)) {
    if (!current.has(key) && !isOverflowKey(key)) keyed[key] = answer;
  }
  list.forEach((answer, index) => {
    keyed[index < ids.length ? ids[index]! : `#${index + 1}`] = answer;
  });
  return keyed;
}

/** The stored answers as the REST API and `workbook.get` show them: lists in the week's order. */
export function toResponse(answers: WorkbookAnswers, content: ContentIds): WorkbookResponse {
  return {
    reflectionAnswers: listInOrder(answers.reflectionAnswers, questionIds(content)),
    discussionNotes: answers.discussionNotes,
    activityResponse: answers.activityResponse,
    weeklyCommitment: answers.weeklyCommitment,
    conversationCards: listInOrder(answers.conversationCards, cardIds(content)),
  };
}

/** A whole response given as lists, stored by id; answers to removed questions are kept. */
export function fromResponse(
  response: WorkbookResponse,
  content: ContentIds,
  previous: WorkbookAnswers | undefined,
): WorkbookAnswers {
  return {
    reflectionAnswers: keyedInOrder(response.reflectionAnswers, questionIds(content), previous?.reflectionAnswers),
    discussionNotes: response.discussionNotes,
    activityResponse: response.activityResponse,
    weeklyCommitment: response.weeklyCommitment,
    conversationCards: keyedInOrder(response.conversationCards, cardIds(content), previous?.conversationCards),
  };
}

/**
 * A whole response given by id: it replaces the answers to the current questions and to any earlier
 * one it names; the other earlier answers and the overflow items stay.
 */
export function mergeById(
  given: WorkbookAnswers,
  content: ContentIds,
  previous: WorkbookAnswers | undefined,
): WorkbookAnswers {
  const merge = (ids: string[], answers: Record<string, string>, before: Record<string, string> = {}) => {
    const current = new Set(ids);
    const merged: Record<string, string> = {};
    for (const [key, answer] of Object.entries(before)) if (!current.has(key)) merged[key] = answer;
    for (const [key, answer] of Object.entries(answers)) merged[key] = answer;
    return merged;
  };
  return {
    reflectionAnswers: merge(questionIds(content), given.reflectionAnswers, previous?.reflectionAnswers),
    discussionNotes: given.discussionNotes,
    activityResponse: given.activityResponse,
    weeklyCommitment: given.weeklyCommitment,
    conversationCards: merge(cardIds(content), given.conversationCards, previous?.conversationCards),
  };
}

/** The ids answered that are neither a current question (or card) nor an overflow item. */
export function earlierIds(answers: Readonly<Record<string, string>>, ids: readonly string[]): string[] {
  const current = new Set(ids);
  return Object.keys(answers).filter((key) => !current.has(key) && !isOverflowKey(key));
}

/** The non-blank answers to removed questions, with the text the question last had (if known). */
export function earlierAnswers(
  answers: Readonly<Record<string, string>>,
  ids: readonly string[],
  textOf: (id: string) => string | null,
): EarlierAnswer[] {
  return earlierIds(answers, ids)
    .filter((id) => answers[id]!.trim().length > 0)
    .map((id) => ({ id, text: textOf(id), answer: answers[id]! }));
}

/** Only the answers to the week's current questions and cards (what the web form edits). */
export function currentOnly(answers: WorkbookAnswers, content: ContentIds): WorkbookAnswers {
  const pick = (source: Record<string, string>, ids: string[]) =>
    Object.fromEntries(ids.filter((id) => Object.hasOwn(source, id)).map((id) => [id, source[id]!]));
  return {
    ...answers,
    reflectionAnswers: pick(answers.reflectionAnswers, questionIds(content)),
    conversationCards: pick(answers.conversationCards, cardIds(content)),
  };
}
