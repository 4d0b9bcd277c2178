import { describe, expect, it } from 'vitest';
import { callerFor, createCouple, sessionCookie, useTestApp, trpcError } from '../../test/harness';
import { emptyWorkbookAnswers } from '../../../shared/workbook-rules';
import { saveAnswers, WORKBOOK_CONFLICT_MESSAGE } from './service';

/*
 * Optimistic concurrency of workbook answers (issue 36, decision 0267): a save names the revision
 * it was edited from; one made after another save since that revision is refused with 409 and the
 * stored answers, and nothing is overwritten. Runs on SQLite (server) and PostgreSQL (server-pg).
 */

const t = useTestApp();

async function signedIn() {
  const fixture = await createCouple(t.deps);
  const caller = await callerFor(t, await sessionCookie(t.deps, fixture.accountId));
  return { ...fixture, caller };
}

describe('workbook.saveAnswers with a base revision', () => {
  it('counts revisions from 0 (never saved) and accepts a save from the current one', async () => {
    const { caller } = await signedIn();
    expect((await caller.workbook.answers({ weekNumber: 1, partner: 'partner1' })).revision).toBe(0);
    const first = await caller.workbook.saveAnswers({
      weekNumber: 1,
      partner: 'partner1',
      reflectionAnswers: { 'w01-q1': 'first' },
      baseRevision: 0,
    });
    expect(first.revision).toBe(1);
    const second = await caller.workbook.saveAnswers({
      weekNumber: 1,
      partner: 'partner1',
      reflectionAnswers: { 'w01-q1': 'second' },
      baseRevision: 1,
    });
    expect(second.revision).toBe(2);
    expect(await caller.workbook.answers({ weekNumber: 1, partner: 'partner1' })).toMatchObject({
      revision: 2,
      reflectionAnswers: { 'w01-q1': 'second' },
    });
  });

  it('refuses a save from a stale revision with CONFLICT and the stored answers, and changes nothing', async () => {
    const { caller } = await signedIn();
    // The phone and the laptop both opened the week before anything was saved (revision 0).
    await caller.workbook.saveAnswers({
      weekNumber: 1,
      partner: 'partner2',
      reflectionAnswers: { 'w01-q1': 'typed on the laptop' },
      baseRevision: 0,
    });
    const error = await trpcError(
      caller.workbook.saveAnswers({
        weekNumber: 1,
        partner: 'partner2',
        reflectionAnswers: { 'w01-q1': 'typed on the phone, offline' },
        baseRevision: 0,
      }),
    );
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe(WORKBOOK_CONFLICT_MESSAGE);
    expect(await caller.workbook.answers({ weekNumber: 1, partner: 'partner2' })).toMatchObject({
      revision: 1,
      reflectionAnswers: { 'w01-q1': 'typed on the laptop' },
    });
  });

  it('answers 409 over HTTP with the current answers in the error data', async () => {
    const { accountId } = await signedIn();
    const cookie = await sessionCookie(t.deps, accountId);
    const post = (text: string, baseRevision: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/trpc/workbook.saveAnswers',
        headers: { cookie, 'content-type': 'application/json' },
        payload: { weekNumber: 1, partner: 'partner1', discussionNotes: text, baseRevision },
      });
    expect((await post('one', 0)).statusCode).toBe(200);
    const stale = await post('two', 0);
    expect(stale.statusCode).toBe(409);
    const body = stale.json() as {
      error: { data: { code: string; current: { discussionNotes: string; revision: number } } };
    };
    expect(body.error.data.code).toBe('CONFLICT');
    expect(body.error.data.current).toMatchObject({ discussionNotes: 'one', revision: 1 });
    // A revision from the future is as stale as an old one; a bad one is a 400; neither writes.
    expect((await post('three', 7)).statusCode).toBe(409);
    expect((await post('four', -1)).statusCode).toBe(400);
    expect((await post('five', 'one')).statusCode).toBe(400);
  });

  it('lets only one of two saves from the same revision through, even when they race', async () => {
    const { coupleId } = await signedIn();
    const couple = { coupleId, accessLevel: 'full' as const, partner: null, privateAnswers: false };
    const attempt = (text: string) =>
      saveAnswers(t.deps, couple, 1, 'partner1', { ...emptyWorkbookAnswers(), weeklyCommitment: text }, 0).then(
        () => 'saved' as const,
        (error: unknown) => ((error as { code?: string }).code === 'CONFLICT' ? ('conflict' as const) : error),
      );
    const outcomes = await Promise.all([attempt('A'), attempt('B'), attempt('C')]);
    expect(outcomes.filter((outcome) => outcome === 'saved')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'conflict')).toHaveLength(2);
  });

  it('still saves without a base revision (the REST API and older pages), one revision later', async () => {
    const { caller } = await signedIn();
    await caller.workbook.saveAnswers({ weekNumber: 1, partner: 'partner1', discussionNotes: 'a' });
    const again = await caller.workbook.saveAnswers({ weekNumber: 1, partner: 'partner1', discussionNotes: 'b' });
    expect(again).toMatchObject({ discussionNotes: 'b', revision: 2 });
  });
});
