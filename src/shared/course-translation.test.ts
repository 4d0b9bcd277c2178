import { describe, expect, it } from 'vitest';
import { alignTranslation, sameItemIds, stillEnglish } from './course-translation';

const english = {
  reflectionQuestions: [
    { id: 'q1', question: 'First?', topic: 'first' },
    { id: 'q-new', question: 'New?', topic: 'new' },
    { id: 'q3', question: 'Third?', topic: 'third' },
  ],
  conversationCards: [{ id: 'c2', text: 'Card two?' }],
};
const spanish = {
  title: 'Título',
  reflectionQuestions: [
    { id: 'q3', question: '¿Tercera?', topic: 'tercera' },
    { id: 'q1', question: '¿Primera?', topic: 'primera' },
    { id: 'q2', question: '¿Segunda?', topic: 'segunda' },
  ],
  conversationCards: [
    { id: 'c1', text: '¿Tarjeta uno?' },
    { id: 'c2', text: '¿Tarjeta dos?' },
  ],
};

describe('a translation brought to the English questions and cards', () => {
  it('keeps its translated items by id in the English order, takes the new ones in English, drops the removed', () => {
    const { content, untranslated } = alignTranslation(spanish, english);
    expect(content).toEqual({
      title: 'Título',
      reflectionQuestions: [
        { id: 'q1', question: '¿Primera?', topic: 'primera' },
        { id: 'q-new', question: 'New?', topic: 'new' },
        { id: 'q3', question: '¿Tercera?', topic: 'tercera' },
      ],
      conversationCards: [{ id: 'c2', text: '¿Tarjeta dos?' }],
    });
    expect(untranslated).toEqual(['q-new']);
    expect(sameItemIds(content, english)).toBe(true);
    expect(sameItemIds(spanish, english)).toBe(false);
  });

  it('names the fields of the new items still in English, and none once they are translated', () => {
    const { content, untranslated } = alignTranslation(spanish, english);
    expect(stillEnglish(content, english, untranslated)).toEqual([
      { path: 'reflectionQuestions.1.question', id: 'q-new' },
      { path: 'reflectionQuestions.1.topic', id: 'q-new' },
    ]);
    content.reflectionQuestions[1] = { id: 'q-new', question: '¿Nueva?', topic: 'nueva' };
    expect(stillEnglish(content, english, untranslated)).toEqual([]);
  });
});
