import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { WeekContentData } from '../../../shared/workbook-schemas';
import { DEFAULT_CONTENT_DIR } from '../../platform/paths';
import {
  adminCookie,
  callerFor,
  createCouple,
  makeTempDir,
  sessionCookie,
  useTestApp,
  trpcError,
} from '../../test/harness';
import { listRecentAdminActions } from '../audit/service';
import { bundledContentLibrary, loadContentLibrary } from './content-library';
import { readWeekContent, seedWeekContent } from './course-content';
import { completeWeeks } from './test-support';

const t = useTestApp();

function defaultOf(weekNumber: number): WeekContentData {
  return structuredClone(bundledContentLibrary().ownContent(weekNumber)!);
}

async function admin() {
  return callerFor(t, await adminCookie(t.deps));
}

async function coupleWithWeeksOpen(upTo: number) {
  const couple = await createCouple(t.deps);
  await completeWeeks(
    t.deps,
    couple.coupleId,
    Array.from({ length: upTo - 1 }, (_, index) => index + 1),
  );
  const cookie = await sessionCookie(t.deps, couple.accountId);
  return { ...couple, cookie, caller: await callerFor(t, cookie) };
}

describe('the course content in the database', () => {
  it('is seeded from the bundled files at start-up: all 52 weeks, as the defaults', async () => {
    const weeks = await (await admin()).courseContent.list();
    expect(weeks).toHaveLength(52);
    expect(weeks.map((week) => week.weekNumber)).toEqual(Array.from({ length: 52 }, (_, index) => index + 1));
    expect(weeks.every((week) => week.updatedAt !== null)).toBe(true);
    expect(weeks.find((week) => week.weekNumber === 4)).toMatchObject({ title: defaultOf(4).title, status: 'default' });
    // Every start runs the step again; it adds nothing twice.
    expect(await seedWeekContent(t.deps.db)).toEqual({ inserted: 0, refreshed: 0 });
  });

  it('follows a changed bundled file for a week the seller never edited, and never touches an edited one', async () => {
    const dir = makeTempDir('vows-content-');
    for (const week of [30, 31]) {
      const changed = { ...defaultOf(week), objective: `A new default objective for week ${week}.` };
      fs.writeFileSync(path.join(dir, `week-${week}.json`), JSON.stringify(changed));
    }
    fs.copyFileSync(path.join(DEFAULT_CONTENT_DIR, 'week-01.json'), path.join(dir, 'week-01.json'));
    await (await admin()).courseContent.save({ weekNumber: 31, content: { ...defaultOf(31), title: 'Ours' } });

    const result = await seedWeekContent(t.deps.db, loadContentLibrary(dir));
    expect(result).toEqual({ inserted: 0, refreshed: 1 });
    expect((await readWeekContent(t.deps.db, 30)).content.objective).toBe('A new default objective for week 30.');
    expect((await readWeekContent(t.deps.db, 31)).content.title).toBe('Ours');
    // Back to this version's files for the other tests.
    await seedWeekContent(t.deps.db);
    expect((await readWeekContent(t.deps.db, 30)).content.objective).toBe(defaultOf(30).objective);
  });
});

describe('courseContent.* (the seller edits the course)', () => {
  it('saves an edit the couple then sees, keeps the replaced version, reverts and restores', async () => {
    const caller = await admin();
    const couple = await coupleWithWeeksOpen(3);
    const edited = defaultOf(3);
    edited.title = 'Our Own Week Three';
    edited.reflectionQuestions[0]!.question = 'What did you notice this week?';

    const saved = await caller.courseContent.save({ weekNumber: 3, content: edited });
    expect(saved).toMatchObject({ weekNumber: 3, title: 'Our Own Week Three', status: 'edited' });
    expect((await caller.courseContent.get({ weekNumber: 3 })).content).toEqual(edited);
    const seen = await couple.caller.workbook.content({ weekNumber: 3 });
    expect(seen.title).toBe('Our Own Week Three');
    expect(seen.reflectionQuestions[0]).toEqual({
      ...defaultOf(3).reflectionQuestions[0],
      question: 'What did you notice this week?',
    });
    expect((await caller.courseContent.list())[2]).toMatchObject({ status: 'edited', title: 'Our Own Week Three' });

    const history = await caller.courseContent.history({ weekNumber: 3 });
    expect(history).toEqual([expect.objectContaining({ weekNumber: 3, title: defaultOf(3).title, status: 'default' })]);

    const reverted = await caller.courseContent.revert({ weekNumber: 3 });
    expect(reverted).toMatchObject({ status: 'default', title: defaultOf(3).title });
    expect((await couple.caller.workbook.content({ weekNumber: 3 })).title).toBe(defaultOf(3).title);

    const versions = await caller.courseContent.history({ weekNumber: 3 });
    expect(versions.map((version) => version.title)).toEqual(['Our Own Week Three', defaultOf(3).title]);
    const restored = await caller.courseContent.restore({ weekNumber: 3, versionId: versions[0]!.id });
    expect(restored).toMatchObject({ status: 'edited', title: 'Our Own Week Three' });
    expect((await caller.courseContent.history({ weekNumber: 3 })).length).toBe(3);
    await caller.courseContent.revert({ weekNumber: 3 });
    // Each change wrote its audit line (docs/product.md#admin-audit-log), newest first.
    const log = await listRecentAdminActions(t.deps.db, { limit: 20, offset: 0 });
    expect(log.filter((line) => line.target === 'week 3').map((line) => line.action)).toEqual([
      'content.revert',
      'content.restore',
      'content.revert',
      'content.save',
    ]);
  });

  it('records nothing for a save that changes nothing, and calls a save equal to the files "default"', async () => {
    const caller = await admin();
    expect(await caller.courseContent.save({ weekNumber: 5, content: defaultOf(5) })).toMatchObject({
      status: 'default',
    });
    expect(await caller.courseContent.history({ weekNumber: 5 })).toEqual([]);
  });

  it.each([
    ['an empty title', (content: WeekContentData) => Object.assign(content, { title: '  ' }), /^content\.title: /],
    [
      'a question without its topic',
      (content: WeekContentData) => Object.assign(content.reflectionQuestions[1]!, { topic: '' }),
      /^content\.reflectionQuestions\.1\.topic: /,
    ],
    [
      'two questions with one id',
      (content: WeekContentData) => Object.assign(content.reflectionQuestions[2]!, { id: 'w06-q1' }),
      /^content\.reflectionQuestions\.2\.id: w06-q1 is used twice/,
    ],
    [
      'a malformed id',
      (content: WeekContentData) => Object.assign(content.conversationCards[0]!, { id: 'Card One' }),
      /^content\.conversationCards\.0\.id: /,
    ],
    [
      'no cards at all',
      (content: WeekContentData) => Object.assign(content, { conversationCards: [] }),
      /^content\.conversationCards: must have at least one card/,
    ],
    [
      'another week’s content',
      (content: WeekContentData) => Object.assign(content, { weekNumber: 7 }),
      /^content\.weekNumber: must be 6/,
    ],
  ])('refuses %s with 400 naming the field, and changes nothing', async (_case, spoil, message) => {
    const content = defaultOf(6);
    spoil(content);
    const caller = await admin();
    expect((await trpcError(caller.courseContent.save({ weekNumber: 6, content }))).code).toBe('BAD_REQUEST');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/courseContent.save',
      headers: { 'content-type': 'application/json', cookie: await adminCookie(t.deps) },
      payload: { weekNumber: 6, content },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(message);
    expect(await caller.courseContent.get({ weekNumber: 6 })).toMatchObject({
      status: 'default',
      content: defaultOf(6),
    });
  });

  it('answers 404 for a version the week does not have', async () => {
    const error = await trpcError((await admin()).courseContent.restore({ weekNumber: 8, versionId: 999_999 }));
    expect(error.code).toBe('NOT_FOUND');
  });

  it('is for the administrator only: a couple gets 403 and a visitor 401, over tRPC and HTTP', async () => {
    const couple = await coupleWithWeeksOpen(1);
    const anonymous = await callerFor(t);
    const calls = [
      (caller: typeof anonymous) => caller.courseContent.list(),
      (caller: typeof anonymous) => caller.courseContent.get({ weekNumber: 1 }),
      (caller: typeof anonymous) => caller.courseContent.save({ weekNumber: 1, content: defaultOf(1) }),
      (caller: typeof anonymous) => caller.courseContent.revert({ weekNumber: 1 }),
      (caller: typeof anonymous) => caller.courseContent.history({ weekNumber: 1 }),
      (caller: typeof anonymous) => caller.courseContent.restore({ weekNumber: 1, versionId: 1 }),
    ];
    for (const call of calls) {
      expect((await trpcError(call(couple.caller))).code).toBe('FORBIDDEN');
      expect((await trpcError(call(anonymous))).code).toBe('UNAUTHORIZED');
    }

    const save = (cookie?: string, content: unknown = defaultOf(1)) =>
      t.app.inject({
        method: 'POST',
        url: '/api/trpc/courseContent.save',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        payload: { weekNumber: 1, content },
      });
    const asCouple = await save(couple.cookie);
    expect(asCouple.statusCode).toBe(403);
    expect((await save()).statusCode).toBe(401);
    const bad = await save(await adminCookie(t.deps), { ...defaultOf(1), objective: '' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('content.objective');
    const list = await t.app.inject({
      url: '/api/trpc/courseContent.list',
      headers: { cookie: await adminCookie(t.deps) },
    });
    expect(list.statusCode).toBe(200);
  });
});
