import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import type { WeekContentData } from '../../../shared/workbook-schemas';
import { adminCookie, callerFor, createCouple, sessionCookie, useTestApp } from '../../test/harness';
import { listInOrder, keyedInOrder } from './answers';
import { bundledContentLibrary } from './content-library';
import { getAnswers, getResponse, saveResponse } from './service';

const t = useTestApp();

function defaultOf(weekNumber: number): WeekContentData {
  return structuredClone(bundledContentLibrary().ownContent(weekNumber)!);
}

async function couple() {
  const fixture = await createCouple(t.deps);
  const cookie = await sessionCookie(t.deps, fixture.accountId);
  return {
    ...fixture,
    couple: { coupleId: fixture.coupleId, accessLevel: 'full' as const, partner: null, privateAnswers: false },
    cookie,
  };
}

describe('answers stored by question id', () => {
  it('stay with their question when the seller reorders, removes and adds questions and cards', async () => {
    const { couple: owner } = await couple();
    const week = defaultOf(1);
    const [q1, q2, q3, q4, q5] = week.reflectionQuestions;
    await saveResponse(t.deps, owner, 1, 'partner1', {
      reflectionAnswers: ['one', 'two', 'three', 'four', 'five'],
      discussionNotes: 'notes',
      activityResponse: '',
      weeklyCommitment: '',
      conversationCards: ['card one', 'card two'],
    });

    // The seller moves question 3 to the top, removes question 2, adds a new one, and drops card 1.
    const seller = await callerFor(t, await adminCookie(t.deps));
    await seller.courseContent.save({
      weekNumber: 1,
      content: {
        ...week,
        reflectionQuestions: [
          q3!,
          q1!,
          { id: 'w01-q-new1', question: 'A new question?', topic: 'something new' },
          q4!,
          q5!,
        ],
        conversationCards: week.conversationCards.slice(1),
      },
    });

    // The lists follow the new order; the new question is unanswered; nothing shifts onto it.
    expect(await getResponse(t.deps, owner, 1, 'partner1')).toEqual({
      reflectionAnswers: ['three', 'one', '', 'four', 'five'],
      discussionNotes: 'notes',
      activityResponse: '',
      weeklyCommitment: '',
      conversationCards: ['card two'],
    });
    // The answers to what was removed are kept, with the question as it read.
    const view = await getAnswers(t.deps, owner, 1, 'partner1');
    expect(view.reflectionAnswers).toEqual({ 'w01-q3': 'three', 'w01-q1': 'one', 'w01-q4': 'four', 'w01-q5': 'five' });
    expect(view.earlier).toEqual({
      reflectionAnswers: [{ id: 'w01-q2', text: q2!.question, answer: 'two' }],
      conversationCards: [{ id: 'w01-c1', text: week.conversationCards[0]!.text, answer: 'card one' }],
    });

    // A save in the new order (REST lists) keeps the earlier answers too ...
    await saveResponse(t.deps, owner, 1, 'partner1', {
      reflectionAnswers: ['three!', 'one', 'new'],
      discussionNotes: '',
      activityResponse: '',
      weeklyCommitment: '',
      conversationCards: [],
    });
    expect((await getAnswers(t.deps, owner, 1, 'partner1')).earlier.reflectionAnswers).toHaveLength(1);

    // ... and when the seller puts the removed question back, its answer is there again.
    await seller.courseContent.revert({ weekNumber: 1 });
    expect((await getResponse(t.deps, owner, 1, 'partner1')).reflectionAnswers).toEqual(['one', 'two', 'three!']);
  });

  it('saves by id over tRPC (workbook.saveAnswers) and refuses an id the week never had, naming it', async () => {
    const { cookie } = await couple();
    const caller = await callerFor(t, cookie);
    const saved = await caller.workbook.saveAnswers({
      weekNumber: 1,
      partner: 'partner2',
      reflectionAnswers: { 'w01-q2': 'second' },
      conversationCards: { 'w01-c3': 'third card' },
    });
    expect(saved).toMatchObject({
      reflectionAnswers: { 'w01-q2': 'second' },
      conversationCards: { 'w01-c3': 'third card' },
      earlier: { reflectionAnswers: [], conversationCards: [] },
    });
    expect(await caller.workbook.get({ weekNumber: 1, partner: 'partner2' })).toMatchObject({
      reflectionAnswers: ['', 'second'],
      conversationCards: ['', '', 'third card'],
    });

    const refused = await caller.workbook
      .saveAnswers({ weekNumber: 1, partner: 'partner2', reflectionAnswers: { 'w09-q1': 'stray' } })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(TRPCError);
    expect((refused as TRPCError).code).toBe('BAD_REQUEST');
    expect((refused as TRPCError).message).toBe('reflectionAnswers.w09-q1: week 1 has no such question.');
    expect((await caller.workbook.answers({ weekNumber: 1, partner: 'partner2' })).reflectionAnswers).toEqual({
      'w01-q2': 'second',
    });
  });

  it('lets the seller’s edit reach the couple through workbook.content, with the ids', async () => {
    const { cookie } = await couple();
    const admin = await callerFor(t, await adminCookie(t.deps));
    const edited = defaultOf(1);
    edited.conversationCards.push({ id: 'w01-c-extra', text: 'One more card?' });
    await admin.courseContent.save({ weekNumber: 1, content: edited });
    const content = await (await callerFor(t, cookie)).workbook.content({ weekNumber: 1 });
    expect(content.conversationCards.map((card) => card.id)).toEqual(['w01-c1', 'w01-c2', 'w01-c3', 'w01-c-extra']);
    await admin.courseContent.revert({ weekNumber: 1 });
  });
});

describe('lists and ids', () => {
  it('read a list back as it was saved, items beyond the questions included', () => {
    const ids = ['a', 'b', 'c'];
    for (const list of [[], ['x'], ['x', '', 'z'], ['x', 'y', 'z', 'overflow 4', 'overflow 5'], ['', '']]) {
      expect(listInOrder(keyedInOrder(list, ids), ids)).toEqual(list);
    }
  });

  it('never take an inherited property for an answer', () => {
    expect(listInOrder({}, ['constructor', 'tostring'])).toEqual([]);
  });
});
