import { describe, expect, it } from 'vitest';
import type { WeekContentData } from '../../../shared/workbook-schemas';
import { adminCookie, callerFor, createCouple, sessionCookie, useTestApp, trpcError } from '../../test/harness';
import { bundledContentLibrary, bundledLibraryFor } from './content-library';
import { readWeekContentIn, weeksWithOwnContent } from './course-content';
import * as repo from './repo';
import { completeWeeks } from './test-support';

/* The course in two languages (decision 0232): one current version per week and language. */

const t = useTestApp();

const english = (week: number): WeekContentData => structuredClone(bundledContentLibrary().ownContent(week)!);
const spanish = (week: number): WeekContentData => structuredClone(bundledLibraryFor('es').ownContent(week)!);

async function admin() {
  return callerFor(t, await adminCookie(t.deps));
}

async function spanishCouple(upTo: number) {
  const couple = await createCouple(t.deps);
  await completeWeeks(
    t.deps,
    couple.coupleId,
    Array.from({ length: upTo - 1 }, (_, index) => index + 1),
  );
  await t.deps.db.updateTable('accounts').set({ locale: 'es' }).where('id', '=', couple.accountId).execute();
  const cookie = await sessionCookie(t.deps, couple.accountId);
  return { ...couple, cookie, caller: await callerFor(t, cookie) };
}

describe('the Spanish edition of the course', () => {
  it('is seeded beside the English one, with the same question and card ids', async () => {
    const rows = await repo.listWeekContents(t.deps.db, 'es');
    expect(rows).toHaveLength(52);
    expect(rows.every((row) => row.locale === 'es' && row.status === 'default')).toBe(true);
    const week4 = JSON.parse(rows[3]!.content) as WeekContentData;
    expect(week4.title).toBe(spanish(4).title);
    expect(week4.title).not.toBe(english(4).title);
    expect(week4.reflectionQuestions.map((q) => q.id)).toEqual(english(4).reflectionQuestions.map((q) => q.id));
  });

  it('is what a Spanish sign-in reads, while an English one reads English', async () => {
    const es = await spanishCouple(2);
    const content = await es.caller.workbook.content({ weekNumber: 2 });
    expect(content).toMatchObject({ title: spanish(2).title, locale: 'es', languageFallback: false });
    const en = await createCouple(t.deps);
    const enCaller = await callerFor(t, await sessionCookie(t.deps, en.accountId));
    expect(await enCaller.workbook.content({ weekNumber: 1 })).toMatchObject({
      title: english(1).title,
      locale: 'en',
      languageFallback: false,
    });
  });

  it('falls back to the whole English week when the Spanish one no longer matches the English questions', async () => {
    const caller = await admin();
    const edited = english(5);
    edited.reflectionQuestions.push({
      ...edited.reflectionQuestions[0]!,
      id: 'w05-q-new',
      question: 'A question only in English?',
    });
    await caller.courseContent.save({ weekNumber: 5, content: edited });

    const shown = await readWeekContentIn(t.deps.db, 5, 'es');
    expect(shown.content).toMatchObject({ title: english(5).title, locale: 'en', languageFallback: true });
    expect(shown.content.reflectionQuestions).toHaveLength(edited.reflectionQuestions.length);
    const list = await caller.courseContent.list();
    expect(list.find((week) => week.weekNumber === 5)?.translations).toEqual({ es: 'missing' });
    // The printables follow the same rule.
    expect((await weeksWithOwnContent(t.deps.db, undefined, 'es')).get(5)?.languageFallback).toBe(true);

    await caller.courseContent.revert({ weekNumber: 5 });
    expect((await readWeekContentIn(t.deps.db, 5, 'es')).content).toMatchObject({
      locale: 'es',
      title: spanish(5).title,
    });
  });

  it('lets the seller edit each language on its own, with its own history, and shows an outdated translation', async () => {
    const caller = await admin();
    const before = await caller.courseContent.list();
    expect(before.find((week) => week.weekNumber === 7)?.translations).toEqual({ es: 'upToDate' });

    // An English edit makes the Spanish edition older than the English one.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await caller.courseContent.save({ weekNumber: 7, content: { ...english(7), objective: 'A sharper objective.' } });
    expect((await caller.courseContent.list()).find((week) => week.weekNumber === 7)?.translations).toEqual({
      es: 'outdated',
    });

    await new Promise((resolve) => setTimeout(resolve, 5));
    const saved = await caller.courseContent.save({
      weekNumber: 7,
      locale: 'es',
      content: { ...spanish(7), objective: 'Un objetivo m\u00e1s claro.' },
    });
    expect(saved).toMatchObject({ locale: 'es', status: 'edited', translations: { es: 'upToDate' } });
    expect((await caller.courseContent.get({ weekNumber: 7, locale: 'es' })).content.objective).toBe(
      'Un objetivo m\u00e1s claro.',
    );
    expect((await caller.courseContent.get({ weekNumber: 7 })).content.objective).toBe('A sharper objective.');

    const history = await caller.courseContent.history({ weekNumber: 7, locale: 'es' });
    expect(history).toHaveLength(1);
    expect(history[0]!.title).toBe(spanish(7).title);
    expect(await caller.courseContent.history({ weekNumber: 7 })).toHaveLength(1);
    // An English version id is not a Spanish one.
    const englishVersion = (await caller.courseContent.history({ weekNumber: 7 }))[0]!;
    expect(
      (await trpcError(caller.courseContent.restore({ weekNumber: 7, locale: 'es', versionId: englishVersion.id })))
        .code,
    ).toBe('NOT_FOUND');
    const restored = await caller.courseContent.restore({ weekNumber: 7, locale: 'es', versionId: history[0]!.id });
    expect(restored).toMatchObject({ status: 'default', content: { objective: spanish(7).objective } });
  });

  it('keeps a bundled translation up to date when a release corrects only the bundled English week', async () => {
    const corrected = { ...english(9), objective: `${english(9).objective} (corrected)` };
    await new Promise((resolve) => setTimeout(resolve, 5));
    const stored = (await repo.listWeekContents(t.deps.db, 'en')).find((row) => row.weekNumber === 9)!;
    await repo.replaceWeekContent(
      t.deps.db,
      {
        weekNumber: 9,
        locale: 'en',
        content: JSON.stringify(corrected),
        status: 'default',
        updatedAt: new Date().toISOString(),
      },
      { expectedUpdatedAt: stored.updatedAt },
    );
    const caller = await admin();
    expect((await caller.courseContent.list()).find((week) => week.weekNumber === 9)?.translations).toEqual({
      es: 'upToDate',
    });
  });

  it('refuses a Spanish save whose question or card ids differ from the English ones, changing nothing', async () => {
    const caller = await admin();
    const wrong = spanish(8);
    wrong.reflectionQuestions[0]!.id = 'w08-q-other';
    const error = await trpcError(caller.courseContent.save({ weekNumber: 8, locale: 'es', content: wrong }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(await caller.courseContent.history({ weekNumber: 8, locale: 'es' })).toEqual([]);
    expect((await caller.courseContent.get({ weekNumber: 8, locale: 'es' })).content).toEqual(spanish(8));
    expect((await trpcError(caller.courseContent.get({ weekNumber: 8, locale: 'fr' as never }))).code).toBe(
      'BAD_REQUEST',
    );
  });

  it('after an English question and card are added, offers the Spanish editor the English ids, its translations kept, and saves it', async () => {
    const caller = await admin();
    // Week 3 in English: a question added second, a card added first, the last card removed.
    const edited = english(3);
    edited.reflectionQuestions.splice(1, 0, {
      id: 'w03-q-new',
      question: 'What would you like to ask each other more often?',
      topic: 'asking more often',
    });
    edited.conversationCards.pop();
    edited.conversationCards.unshift({ id: 'w03-c-new', text: 'What did you learn from each other this week?' });
    await caller.courseContent.save({ weekNumber: 3, content: edited });
    const ids = (content: WeekContentData) => [
      ...content.reflectionQuestions.map((q) => q.id),
      ...content.conversationCards.map((c) => c.id),
    ];

    const offered = await caller.courseContent.get({ weekNumber: 3, locale: 'es' });
    expect(ids(offered.content)).toEqual(ids(edited));
    expect(offered).toMatchObject({
      locale: 'es',
      status: 'default',
      translations: { es: 'missing' },
      realigned: { untranslated: ['w03-q-new', 'w03-c-new'] },
    });
    // The translated questions and cards are the Spanish ones; the new ones start from the English.
    const shipped = spanish(3);
    expect(offered.content.title).toBe(shipped.title);
    expect(offered.content.reflectionQuestions[0]).toEqual(shipped.reflectionQuestions[0]);
    expect(offered.content.reflectionQuestions[1]).toEqual(edited.reflectionQuestions[1]);
    expect(offered.content.reflectionQuestions.slice(2)).toEqual(shipped.reflectionQuestions.slice(1));
    expect(offered.content.conversationCards).toEqual([
      edited.conversationCards[0],
      ...shipped.conversationCards.slice(0, -1),
    ]);

    // Saved with the new ones still in English, it is refused: couples would read a week half in English.
    const untranslated = await trpcError(
      caller.courseContent.save({ weekNumber: 3, locale: 'es', content: offered.content }),
    );
    expect(untranslated.code).toBe('BAD_REQUEST');
    expect(untranslated.message).toContain('reflectionQuestions.1.question');
    expect((await readWeekContentIn(t.deps.db, 3, 'es')).content).toMatchObject({ languageFallback: true });

    const translated = structuredClone(offered.content);
    translated.reflectionQuestions[1] = {
      id: 'w03-q-new',
      question: '\u00bfQu\u00e9 te gustar\u00eda preguntarle a tu pareja m\u00e1s seguido?',
      topic: 'preguntarse m\u00e1s seguido',
    };
    translated.conversationCards[0] = {
      id: 'w03-c-new',
      text: '\u00bfQu\u00e9 aprendieron el uno del otro esta semana?',
    };
    const saved = await caller.courseContent.save({ weekNumber: 3, locale: 'es', content: translated });
    expect(saved).toMatchObject({ locale: 'es', status: 'edited', translations: { es: 'upToDate' } });
    expect(saved.realigned).toBeUndefined();
    expect(saved.content).toEqual(translated);
    // Spanish readers now get the week in Spanish, whole.
    const shown = await readWeekContentIn(t.deps.db, 3, 'es');
    expect(shown.content).toMatchObject({ locale: 'es', languageFallback: false, title: shipped.title });
    expect(ids(shown.content)).toEqual(ids(edited));
  });

  it('offers a Spanish edition reverted to its default brought to the English questions too', async () => {
    const caller = await admin();
    const edited = english(3);
    edited.reflectionQuestions.push({ id: 'w03-q6', question: 'A sixth question?', topic: 'a sixth topic' });
    await caller.courseContent.save({ weekNumber: 3, content: edited });

    const reverted = await caller.courseContent.revert({ weekNumber: 3, locale: 'es' });
    expect(reverted.content.reflectionQuestions.map((q) => q.id)).toEqual(edited.reflectionQuestions.map((q) => q.id));
    expect(reverted.content.reflectionQuestions.slice(0, 5)).toEqual(spanish(3).reflectionQuestions);
    expect(reverted.realigned).toEqual({ untranslated: ['w03-q6'] });
  });

  it('keeps answers tied to question ids across languages: the Spanish partner sees the English answers', async () => {
    const es = await spanishCouple(1);
    const question = english(1).reflectionQuestions[0]!;
    await es.caller.workbook.saveAnswers({
      weekNumber: 1,
      partner: 'partner1',
      reflectionAnswers: { [question.id]: 'Mi respuesta' },
    } as never);
    const answers = await es.caller.workbook.answers({ weekNumber: 1, partner: 'partner1' });
    expect(JSON.stringify(answers)).toContain('Mi respuesta');
    expect(JSON.stringify(answers)).toContain(question.id);
  });

  it('keeps the language each answer and the summary are written in, for a page in the other language to mark', async () => {
    const es = await spanishCouple(1);
    const question = english(1).reflectionQuestions[0]!;
    // A language change is seen by the sign-in's next request, whose session carries it (decision 0371).
    let caller = es.caller;
    const setLocale = async (locale: 'en' | 'es') => {
      await t.deps.db.updateTable('accounts').set({ locale }).where('id', '=', es.accountId).execute();
      caller = await callerFor(t, es.cookie);
    };
    const save = (partner: 'partner1' | 'partner2', text: string) =>
      caller.workbook.saveAnswers({ weekNumber: 1, partner, reflectionAnswers: { [question.id]: text } } as never);
    // The shared sign-in answers for partner 1 in Spanish, then, switched to English, for partner 2.
    expect((await save('partner1', 'Escucharte')).language).toBe('es');
    await setLocale('en');
    expect((await save('partner2', 'Listening')).language).toBe('en');
    const answersOf = (partner: 'partner1' | 'partner2') => caller.workbook.answers({ weekNumber: 1, partner });
    expect((await answersOf('partner1')).language).toBe('es');
    expect((await answersOf('partner2')).language).toBe('en');

    // The summary: in the language of the sign-in that asks for it, and said so when read.
    expect(await caller.workbook.generateSummary({ weekNumber: 1 })).toMatchObject({ language: 'en' });
    expect(await caller.workbook.summary({ weekNumber: 1 })).toMatchObject({ language: 'en' });
    await setLocale('es');
    expect(await caller.workbook.generateSummary({ weekNumber: 1 })).toMatchObject({ language: 'es' });
    expect(await caller.workbook.summary({ weekNumber: 1 })).toMatchObject({ language: 'es' });

    // Saved before the language was kept: not known, so not marked.
    await t.deps.db
      .updateTable('workbook_responses')
      .set({ language: null })
      .where('couple_id', '=', es.coupleId)
      .execute();
    await t.deps.db
      .updateTable('week_summaries')
      .set({ language: null })
      .where('couple_id', '=', es.coupleId)
      .execute();
    expect((await answersOf('partner1')).language).toBeNull();
    expect(await caller.workbook.summary({ weekNumber: 1 })).toMatchObject({ language: null });
  });
});

describe('the weeks every dashboard names', () => {
  it('are read once when many requests ask at the same moment, not once per request', async () => {
    let queries = 0;
    // A view of the database that counts its queries; the parsed weeks are kept per such view.
    const countingView = () =>
      t.deps.db.withPlugin({
        transformQuery: (args) => {
          queries += 1;
          return args.node;
        },
        transformResult: async (args) => args.result,
      });
    const alone = countingView();
    await weeksWithOwnContent(alone, undefined, 'es');
    const oneRequest = queries;

    queries = 0;
    const together = countingView();
    const [first, ...others] = await Promise.all(
      Array.from({ length: 10 }, () => weeksWithOwnContent(together, undefined, 'es')),
    );
    expect(first!.size).toBe(52);
    for (const other of others) expect([...other.keys()]).toEqual([...first!.keys()]);
    // Each request lists the stamps (two queries); each week is read once between them all.
    expect(queries).toBeLessThanOrEqual(oneRequest + 9 * 2);
  });
});
