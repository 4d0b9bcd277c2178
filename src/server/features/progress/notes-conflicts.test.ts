import { describe, expect, it } from 'vitest';
import { callerFor, createCouple, sessionCookie, useTestApp, trpcError } from '../../test/harness';
import { NOTES_CONFLICT_MESSAGE, RATING_CONFLICT_MESSAGE, updateWeekProgress } from './service';

/*
 * A week's notes and rating saved from a base (issue 36, decision 0280): notes carry a revision as
 * workbook answers do (decision 0267), a rating is checked against the rating shown when it was
 * chosen. A save made after another one since its base is refused with 409 and the stored record,
 * and nothing is overwritten. Runs on SQLite (server) and PostgreSQL (server-pg).
 */

const t = useTestApp();

async function signedIn() {
  const fixture = await createCouple(t.deps);
  const cookie = await sessionCookie(t.deps, fixture.accountId);
  const caller = await callerFor(t, cookie);
  return { ...fixture, cookie, caller };
}

describe('progress.update with a notes revision', () => {
  it('counts revisions from 0 (never saved) and accepts a save from the current one', async () => {
    const { caller } = await signedIn();
    // Completing and rating a week makes its row; its notes are still at revision 0.
    await caller.progress.complete({ weekNumber: 1 });
    await caller.progress.update({ weekNumber: 1, rating: 4 });
    expect(await caller.progress.list()).toEqual([expect.objectContaining({ notesRevision: 0, rating: 4 })]);
    const first = await caller.progress.update({ weekNumber: 1, notes: 'first', baseNotesRevision: 0 });
    expect(first).toMatchObject({ notes: 'first', notesRevision: 1, rating: 4 });
    const second = await caller.progress.update({ weekNumber: 1, notes: 'second', baseNotesRevision: 1 });
    expect(second).toMatchObject({ notes: 'second', notesRevision: 2 });
    // A rating alone leaves the notes' revision as it is.
    expect(await caller.progress.update({ weekNumber: 1, rating: 2 })).toMatchObject({ notesRevision: 2 });
  });

  it('refuses notes from a stale revision with CONFLICT and the stored record, and changes nothing', async () => {
    const { caller } = await signedIn();
    // The phone and the laptop both opened week 1 before any notes were saved (revision 0).
    await caller.progress.update({ weekNumber: 1, notes: 'typed on the laptop', baseNotesRevision: 0 });
    const error = await trpcError(
      caller.progress.update({ weekNumber: 1, notes: 'typed on the phone, offline', baseNotesRevision: 0 }),
    );
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe(NOTES_CONFLICT_MESSAGE);
    expect(await caller.progress.list()).toEqual([
      expect.objectContaining({ notes: 'typed on the laptop', notesRevision: 1 }),
    ]);
  });

  it('accepts a stale revision when the notes sent are the ones stored (nothing would be lost)', async () => {
    const { caller } = await signedIn();
    await caller.progress.update({ weekNumber: 1, notes: 'the same words', baseNotesRevision: 0 });
    const again = await caller.progress.update({ weekNumber: 1, notes: 'the same words', baseNotesRevision: 0 });
    expect(again).toMatchObject({ notes: 'the same words', notesRevision: 2 });
  });

  it('counts a save without a base (the REST API) as a revision, so a save from before it is refused', async () => {
    const { caller, cookie, coupleId } = await signedIn();
    const rest = await t.app.inject({
      method: 'POST',
      url: `/api/progress/${coupleId}/1`,
      headers: { cookie },
      payload: { notes: 'saved through the API' },
    });
    expect(rest.statusCode).toBe(200);
    // The HTTP API's record is as it was: no revision in it.
    expect(rest.json()).toEqual({ weekNumber: 1, notes: 'saved through the API', rating: null, completedAt: null });
    const error = await trpcError(
      caller.progress.update({ weekNumber: 1, notes: 'from before', baseNotesRevision: 0 }),
    );
    expect(error.code).toBe('CONFLICT');
    expect(await caller.progress.list()).toEqual([expect.objectContaining({ notes: 'saved through the API' })]);
  });

  it('answers 409 over HTTP with the current record in the error data, and 400 for a bad base', async () => {
    const { cookie } = await signedIn();
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/trpc/progress.update',
        headers: { cookie, 'content-type': 'application/json' },
        payload: { weekNumber: 1, ...payload },
      });
    expect((await post({ notes: 'one', baseNotesRevision: 0 })).statusCode).toBe(200);
    const stale = await post({ notes: 'two', baseNotesRevision: 0 });
    expect(stale.statusCode).toBe(409);
    const body = stale.json() as { error: { data: { code: string; current: Record<string, unknown> } } };
    expect(body.error.data.code).toBe('CONFLICT');
    expect(body.error.data.current).toEqual({
      weekNumber: 1,
      notes: 'one',
      notesRevision: 1,
      rating: null,
      completedAt: null,
    });
    // A revision from the future is as stale as an old one; a bad base is a 400 naming it; none writes.
    expect((await post({ notes: 'three', baseNotesRevision: 7 })).statusCode).toBe(409);
    for (const bad of [
      { notes: 'four', baseNotesRevision: -1 },
      { notes: 'five', baseNotesRevision: 'one' },
      { notes: 'six', baseNotesRevision: 1.5 },
      { rating: 3, baseNotesRevision: 1 },
      { notes: 'seven', baseRating: 3 },
      { rating: 3, baseRating: 6 },
    ]) {
      const res = await post(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect((res.json() as { error: { message: string } }).error.message).toMatch(/base(NotesRevision|Rating)/);
    }
    expect((await post({ notes: 'eight', baseNotesRevision: 1 })).json()).toMatchObject({
      result: { data: { notes: 'eight', notesRevision: 2 } },
    });
  });

  it('lets only one of two saves from the same revision through, even when they race', async () => {
    const { coupleId } = await signedIn();
    const couple = { coupleId, accessLevel: 'full' as const };
    const attempt = (notes: string) =>
      updateWeekProgress(t.deps, couple, 1, { notes, baseNotesRevision: 0 }).then(
        () => 'saved' as const,
        (error: unknown) => ((error as { code?: string }).code === 'CONFLICT' ? ('conflict' as const) : error),
      );
    const outcomes = await Promise.all([attempt('A'), attempt('B'), attempt('C')]);
    expect(outcomes.filter((outcome) => outcome === 'saved')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'conflict')).toHaveLength(2);
  });

  it('refuses notes on a locked week with 403 before looking at the base', async () => {
    const { caller } = await signedIn();
    const error = await trpcError(caller.progress.update({ weekNumber: 5, notes: 'ahead', baseNotesRevision: 0 }));
    expect(error.code).toBe('FORBIDDEN');
  });
});

describe('progress.update with a base rating', () => {
  it('saves a rating chosen over the one still stored, and over no rating', async () => {
    const { caller } = await signedIn();
    expect(await caller.progress.update({ weekNumber: 1, rating: 3, baseRating: null })).toMatchObject({ rating: 3 });
    expect(await caller.progress.update({ weekNumber: 1, rating: null, baseRating: 3 })).toMatchObject({
      rating: null,
    });
  });

  it('refuses a rating chosen over one since changed elsewhere, with the stored record, and changes nothing', async () => {
    const { caller } = await signedIn();
    await caller.progress.update({ weekNumber: 1, rating: 2 });
    // The phone showed no rating when it chose 5; the laptop has rated the week 2 since.
    const error = await trpcError(caller.progress.update({ weekNumber: 1, rating: 5, baseRating: null }));
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe(RATING_CONFLICT_MESSAGE);
    expect(await caller.progress.list()).toEqual([expect.objectContaining({ rating: 2 })]);
    // Choosing again from what is stored now (the couple's answer to the question) saves.
    expect(await caller.progress.update({ weekNumber: 1, rating: 5, baseRating: 2 })).toMatchObject({ rating: 5 });
  });

  it('is no conflict when the rating stored is already the one chosen', async () => {
    const { caller } = await signedIn();
    await caller.progress.update({ weekNumber: 1, rating: 4 });
    expect(await caller.progress.update({ weekNumber: 1, rating: 4, baseRating: 1 })).toMatchObject({ rating: 4 });
  });

  it('checks each field against its own base: a stale rating refuses the notes sent with it', async () => {
    const { caller } = await signedIn();
    await caller.progress.update({ weekNumber: 1, rating: 1 });
    const error = await trpcError(
      caller.progress.update({ weekNumber: 1, notes: 'both', baseNotesRevision: 0, rating: 5, baseRating: null }),
    );
    expect(error.message).toBe(RATING_CONFLICT_MESSAGE);
    expect(await caller.progress.list()).toEqual([expect.objectContaining({ notes: '', notesRevision: 0, rating: 1 })]);
  });

  it('lets only one of two ratings chosen over the same one through, even when they race', async () => {
    const { coupleId } = await signedIn();
    const couple = { coupleId, accessLevel: 'full' as const };
    const attempt = (rating: number) =>
      updateWeekProgress(t.deps, couple, 1, { rating, baseRating: null }).then(
        () => 'saved' as const,
        (error: unknown) => ((error as { code?: string }).code === 'CONFLICT' ? ('conflict' as const) : error),
      );
    const outcomes = await Promise.all([attempt(1), attempt(2), attempt(3)]);
    expect(outcomes.filter((outcome) => outcome === 'saved')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'conflict')).toHaveLength(2);
  });
});
