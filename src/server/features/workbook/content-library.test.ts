import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../test/harness';
import { PHASES } from '../../../shared/constants';
import type { WeekContent } from '../../../shared/workbook-schemas';
import { DEFAULT_CONTENT_DIR } from '../../platform/paths';
import { ContentLibraryError, loadContentLibrary } from './content-library';

function folderWith(files: Record<string, unknown>): string {
  const dir = makeTempDir('vows-content-');
  for (const [name, value] of Object.entries(files)) {
    fs.writeFileSync(path.join(dir, name), typeof value === 'string' ? value : JSON.stringify(value));
  }
  return dir;
}

const week1 = JSON.parse(fs.readFileSync(path.join(DEFAULT_CONTENT_DIR, 'week-01.json'), 'utf8')) as Record<
  string,
  unknown
>;

describe('the bundled week content', () => {
  const library = loadContentLibrary();
  const weeks = library.weeksWithContent().map((week) => library.contentFor(week));

  it('has all 52 weeks, each complete: 5 questions, 3+ prompts, an activity with steps, 3+ commitments and cards', () => {
    expect(library.weeksWithContent()).toEqual(Array.from({ length: 52 }, (_, index) => index + 1));
    for (const content of weeks) {
      expect(content.isFallback, `week ${content.weekNumber}`).toBe(false);
      expect(content.reflectionQuestions, `week ${content.weekNumber}`).toHaveLength(5);
      expect(content.discussionPrompts.length, `week ${content.weekNumber}`).toBeGreaterThanOrEqual(3);
      expect(content.activity.steps.length, `week ${content.weekNumber}`).toBeGreaterThanOrEqual(3);
      expect(content.commitmentExamples.length, `week ${content.weekNumber}`).toBeGreaterThanOrEqual(3);
      expect(content.conversationCards.length, `week ${content.weekNumber}`).toBeGreaterThanOrEqual(3);
    }
  });

  it.each([
    ['week title', (content: WeekContent) => [content.title]],
    ['activity title', (content: WeekContent) => [content.activity.title]],
    ['reflection question', (content: WeekContent) => content.reflectionQuestions.map((item) => item.question)],
    ['conversation card', (content: WeekContent) => content.conversationCards.map((card) => card.text)],
  ])('never repeats a %s across the year', (_kind, texts) => {
    const firstSeen = new Map<string, number>();
    const repeats: string[] = [];
    for (const content of weeks) {
      for (const text of texts(content)) {
        const key = text.trim().toLowerCase();
        const earlier = firstSeen.get(key);
        if (earlier !== undefined) repeats.push(`week ${content.weekNumber} repeats week ${earlier}: ${text}`);
        else firstSeen.set(key, content.weekNumber);
      }
    }
    expect(repeats).toEqual([]);
  });

  it('gives every question and card the id the answer migration uses: wNN-qK and wNN-cK, in order', () => {
    // db/migrations/2026-11-23T1100-week-content-and-answers-by-id.ts keyed answers stored by
    // position with these ids; changing a bundled id would detach those answers (decision 0126).
    for (const content of weeks) {
      const week = `w${String(content.weekNumber).padStart(2, '0')}`;
      expect(content.reflectionQuestions.map((question) => question.id)).toEqual(
        content.reflectionQuestions.map((_, index) => `${week}-q${index + 1}`),
      );
      expect(content.conversationCards.map((card) => card.id)).toEqual(
        content.conversationCards.map((_, index) => `${week}-c${index + 1}`),
      );
    }
  });

  it('closes each phase with a review week, and the year with a shared vision and vows', () => {
    for (const week of [13, 26, 39]) expect(library.contentFor(week).title).toMatch(/^Review\b/);
    expect(library.contentFor(52).title).toMatch(/vision/i);
    expect(library.contentFor(52).title).toMatch(/vows/i);
  });

  it('names each review week after its phase, and lists the real titles of the weeks it looks back on', () => {
    for (const phase of PHASES) {
      const review = library.contentFor(phase.lastWeek);
      if (phase.lastWeek < 52) expect(review.title).toBe(`Review: ${phase.name}`);
      const text = JSON.stringify(review);
      for (let week = phase.firstWeek; week < phase.lastWeek; week++) {
        expect(text, `week ${phase.lastWeek} names week ${week}`).toContain(library.contentFor(week).title);
      }
    }
  });

  it('is set with typographic quotes, apostrophes and ellipses, never straight ones', () => {
    const straight: string[] = [];
    const collect = (value: unknown, where: string): void => {
      if (typeof value === 'string') {
        if (/['"]|\.\.\./.test(value)) straight.push(`${where}: ${value}`);
      } else if (Array.isArray(value)) {
        for (const [index, item] of value.entries()) collect(item, `${where}.${index}`);
      } else if (value && typeof value === 'object') {
        for (const [key, item] of Object.entries(value)) if (key !== 'id') collect(item, `${where}.${key}`);
      }
    };
    for (const content of weeks) collect(content, `week ${content.weekNumber}`);
    expect(straight).toEqual([]);
  });
});

describe('loadContentLibrary', () => {
  it('picks up a new week from a new file, without code changes', () => {
    const dir = folderWith({ 'week-01.json': week1, 'week-09.json': { ...week1, weekNumber: 9, title: 'Week nine' } });
    const library = loadContentLibrary(dir);
    expect(library.weeksWithContent()).toEqual([1, 9]);
    expect(library.contentFor(9)).toMatchObject({ title: 'Week nine', isFallback: false });
    expect(library.contentFor(8)).toMatchObject({ title: week1.title, isFallback: true });
  });

  it('ignores files that are not week-NN.json', () => {
    const dir = folderWith({ 'week-01.json': week1, 'README.md': '# notes', 'week-2.json': '{' });
    expect(loadContentLibrary(dir).weeksWithContent()).toEqual([1]);
  });

  it.each([
    ['invalid JSON', { 'week-01.json': week1, 'week-02.json': '{ not json' }, /week-02\.json is not valid JSON/],
    ['a missing field', { 'week-01.json': { ...week1, objective: undefined } }, /week-01\.json is invalid: objective/],
    ['an empty question list', { 'week-01.json': { ...week1, reflectionQuestions: [] } }, /reflectionQuestions/],
    [
      'a week number that differs from the file name',
      { 'week-01.json': week1, 'week-05.json': week1 },
      /week-05\.json says weekNumber 1/,
    ],
    ['no week 1', { 'week-02.json': { ...week1, weekNumber: 2 } }, /week 1 is missing/],
    [
      'a week beyond 52',
      { 'week-01.json': week1, 'week-60.json': { ...week1, weekNumber: 60 } },
      /week-60\.json: the week must be 1-52/,
    ],
  ])('refuses %s with a message naming the file', (_name, files, message) => {
    const dir = folderWith(files);
    expect(() => loadContentLibrary(dir)).toThrow(ContentLibraryError);
    expect(() => loadContentLibrary(dir)).toThrow(message);
  });
});

describe('the Spanish edition (decision 0230)', () => {
  const english = loadContentLibrary();
  const spanish = loadContentLibrary(path.join(DEFAULT_CONTENT_DIR, 'es'));
  const weeks = spanish.weeksWithContent().map((week) => spanish.contentFor(week));
  const texts = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : Array.isArray(value)
        ? value.flatMap(texts)
        : value && typeof value === 'object'
          ? Object.entries(value).flatMap(([key, item]) => (key === 'id' ? [] : texts(item)))
          : [];

  it('has every week, with the English week’s ids in the same order and lists of the same length', () => {
    expect(spanish.weeksWithContent()).toEqual(english.weeksWithContent());
    for (const content of weeks) {
      const original = english.contentFor(content.weekNumber);
      const shape = (week: WeekContent) => ({
        questions: week.reflectionQuestions.map((question) => question.id),
        cards: week.conversationCards.map((card) => card.id),
        prompts: week.discussionPrompts.length,
        steps: week.activity.steps.length,
        commitments: week.commitmentExamples.length,
      });
      expect(shape(content), `week ${content.weekNumber}`).toEqual(shape(original));
    }
  });

  it('is written in Spanish: opening question marks, typographic quotes, never vosotros or usted', () => {
    const problems: string[] = [];
    for (const content of weeks) {
      for (const text of texts(content)) {
        const where = `week ${content.weekNumber}: ${text}`;
        if (text.includes('?') && !text.includes('¿')) problems.push(`no ¿ in ${where}`);
        if (/['"]|\.\.\./.test(text)) problems.push(`straight quote or dots in ${where}`);
        if (/\b(vosotros|vuestr[oa]s?|usted)\b/i.test(text)) problems.push(`register in ${where}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps focus and topics as lower-case phrases the app can build sentences around', () => {
    const phrases = weeks.flatMap((content) => [content.focus, ...content.reflectionQuestions.map((q) => q.topic)]);
    expect(phrases.filter((phrase) => /^\p{Lu}|\.$/u.test(phrase))).toEqual([]);
  });

  it('never repeats a week title or a reflection question across the year', () => {
    for (const pick of [
      (c: WeekContent) => [c.title],
      (c: WeekContent) => c.reflectionQuestions.map((q) => q.question),
    ]) {
      const all = weeks.flatMap(pick).map((text) => text.trim().toLowerCase());
      expect(all.filter((text, index) => all.indexOf(text) !== index)).toEqual([]);
    }
  });
});
