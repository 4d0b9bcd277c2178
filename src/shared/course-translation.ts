import type { WeekContentData } from './workbook-schemas';

/*
 * A translated edition of a week against the English one (decision 0232): the same question and
 * card ids, in the same order, since answers are tied to ids (decision 0230). Shared by the server
 * (what the editor is offered, what a save must keep) and the seller's editor.
 */

type Items = Pick<WeekContentData, 'reflectionQuestions' | 'conversationCards'>;

/** Whether two editions have the same question and card ids, in the same order. */
export function sameItemIds(a: Items, b: Items): boolean {
  const ids = (content: Items) =>
    JSON.stringify([content.reflectionQuestions.map((q) => q.id), content.conversationCards.map((c) => c.id)]);
  return ids(a) === ids(b);
}

export interface AlignedTranslation<Content extends Items> {
  content: Content;
  /** The ids of the questions and cards the translation lacked, taken from `english` as it is. */
  untranslated: string[];
}

/**
 * A translation brought to the English edition's questions and cards: each one the translation
 * has keeps its translated text, in the English order; one it lacks is the English item as it is
 * (its id listed in `untranslated`, to translate); one the English edition no longer has is left
 * out. Every other field stays the translation's.
 */
export function alignTranslation<Content extends Items>(
  translation: Content,
  english: Items,
): AlignedTranslation<Content> {
  const untranslated: string[] = [];
  const questions = new Map(translation.reflectionQuestions.map((question) => [question.id, question]));
  const cards = new Map(translation.conversationCards.map((card) => [card.id, card]));
  const reflectionQuestions = english.reflectionQuestions.map((question) => {
    const translated = questions.get(question.id);
    if (translated) return translated;
    untranslated.push(question.id);
    return { ...question };
  });
  const conversationCards = english.conversationCards.map((card) => {
    const translated = cards.get(card.id);
    if (translated) return translated;
    untranslated.push(card.id);
    return { ...card };
  });
  return { content: { ...translation, reflectionQuestions, conversationCards }, untranslated };
}

/** Where a field of a question or card is still the English text it was given to translate. */
export interface UntranslatedField {
  /** The field's path in the week (`reflectionQuestions.5.question`, `conversationCards.2.text`). */
  path: string;
  id: string;
}

/**
 * The fields of the questions and cards in `untranslated` that still hold `english`'s text: a
 * translation saved so would show couples a week half in English (decision 0232).
 */
export function stillEnglish(content: Items, english: Items, untranslated: readonly string[]): UntranslatedField[] {
  const wanted = new Set(untranslated);
  const questions = new Map(english.reflectionQuestions.map((question) => [question.id, question]));
  const cards = new Map(english.conversationCards.map((card) => [card.id, card]));
  const fields: UntranslatedField[] = [];
  content.reflectionQuestions.forEach((question, index) => {
    const source = wanted.has(question.id) ? questions.get(question.id) : undefined;
    if (!source) return;
    if (question.question.trim() === source.question.trim())
      fields.push({ path: `reflectionQuestions.${index}.question`, id: question.id });
    if (question.topic.trim() === source.topic.trim())
      fields.push({ path: `reflectionQuestions.${index}.topic`, id: question.id });
  });
  content.conversationCards.forEach((card, index) => {
    const source = wanted.has(card.id) ? cards.get(card.id) : undefined;
    if (source && card.text.trim() === source.text.trim())
      fields.push({ path: `conversationCards.${index}.text`, id: card.id });
  });
  return fields;
}
