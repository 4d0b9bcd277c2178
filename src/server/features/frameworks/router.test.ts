import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminCookie,
  callerFor,
  createCouple,
  createTestApp,
  sessionCookie,
  type TestApp,
  trpcError,
} from '../../test/harness';
import { bundledContentLibrary } from '../workbook/content-library';
import { listFrameworks } from './service';
import { completeWeeks, filesIn, makePdf, storeFrameworkPdf } from './test-support';

/** The weeks that have content (null: all of them, as bundled). */
const content = vi.hoisted(() => ({ weeks: null as number[] | null }));
vi.mock('../printables/content', async (original) =>
  (await import('../printables/test-support')).limitedContent(await original(), content),
);
afterEach(() => {
  content.weeks = null;
});

let t: TestApp;
let admin: string;
let couple: string;
let coupleId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminCookie(t.deps);
  const fixture = await createCouple(t.deps, { accessLevel: 'trial' });
  coupleId = fixture.coupleId;
  couple = await sessionCookie(t.deps, fixture.accountId);
  for (const week of [1, 2, 6]) {
    await storeFrameworkPdf(
      t.deps,
      { weekNumber: week, title: `Title ${week}`, description: `About ${week}` },
      await makePdf(),
    );
  }
  await completeWeeks(t.deps, coupleId, [1, 2, 3, 4]);
});
afterAll(() => t.close());

describe('frameworks.list', () => {
  it('lists the uploaded frameworks by week for admins and couples', async () => {
    for (const cookie of [admin, couple]) {
      const caller = await callerFor(t, cookie);
      const list = await caller.frameworks.list();
      expect(list.map((framework) => framework.weekNumber)).toEqual([1, 2, 6]);
      expect(list[0]).toEqual({
        id: expect.any(Number),
        weekNumber: 1,
        title: 'Title 1',
        description: 'About 1',
        fileSize: expect.any(Number),
        uploadedAt: expect.any(String),
      });
    }
  });

  it('refuses anonymous callers', async () => {
    const caller = await callerFor(t);
    expect((await trpcError(caller.frameworks.list())).code).toBe('UNAUTHORIZED');
  });
});

describe('frameworks.withAccess', () => {
  it('answers the same 52 weeks as the REST path, using the unlock rule and the trial limit', async () => {
    const caller = await callerFor(t, couple);
    const weeks = await caller.frameworks.withAccess();
    expect(weeks).toHaveLength(52);
    // Trial (4 weeks): 1-4 completed stay open, 5 is beyond the limit although 4 is completed.
    expect(weeks.filter((week) => week.isUnlocked).map((week) => week.weekNumber)).toEqual([1, 2, 3, 4]);
    // Every week has content, so every week has a framework: uploaded (1, 2, 6) or generated.
    expect(weeks.filter((week) => week.hasFramework)).toHaveLength(52);
    expect(weeks[5]).toEqual({
      weekNumber: 6,
      title: 'Title 6',
      description: 'About 6',
      hasFramework: true,
      isUnlocked: false,
      state: 'locked',
      lockReason: 'trial-limit',
      notice: 'Week 6 is part of the full course. Get the full course to unlock it.',
    });

    const rest = await t.app.inject({ url: `/api/frameworks-with-access/${coupleId}`, headers: { cookie: couple } });
    expect(rest.json()).toEqual(weeks);
  });

  // Issue 35: a Spanish reader's week list is in Spanish, over the uploaded PDF's one (English) title.
  it("gives the weeks' titles and aims in the account's language", async () => {
    const spanish = await createCouple(t.deps, { accessLevel: 'trial' });
    await t.deps.db.updateTable('accounts').set({ locale: 'es' }).where('id', '=', spanish.accountId).execute();
    const weeks = await (await callerFor(t, await sessionCookie(t.deps, spanish.accountId))).frameworks.withAccess();
    expect(weeks[0]).toMatchObject({
      title: 'Escuchar para comprender',
      description: expect.stringMatching(/^Descubran /),
    });
    expect(weeks[2]!.title).not.toBe(bundledContentLibrary().ownContent(3)!.title);
    const english = await (await callerFor(t, couple)).frameworks.withAccess();
    expect(english[0]).toMatchObject({ title: 'Title 1', description: 'About 1' });
  });

  // QA walk (WCAG 3.1.2): a Spanish reader saw a week's English title, shown while its translation
  // was behind, without its language marked; the list now says which titles are in English.
  it("names the language of a week's title and aim where it is not the reader's: a translation behind", async () => {
    const spanish = await createCouple(t.deps, { accessLevel: 'full' });
    await t.deps.db.updateTable('accounts').set({ locale: 'es' }).where('id', '=', spanish.accountId).execute();
    const weeksOf = async (accountId: number) =>
      (await callerFor(t, await sessionCookie(t.deps, accountId))).frameworks.withAccess();
    const edited = structuredClone(bundledContentLibrary().ownContent(5)!);
    edited.reflectionQuestions.push({
      ...edited.reflectionQuestions[0]!,
      id: 'w05-q-new',
      question: 'Only in English?',
    });
    const seller = await callerFor(t, admin);
    await seller.courseContent.save({ weekNumber: 5, content: edited });
    try {
      const weeks = await weeksOf(spanish.accountId);
      expect(weeks[4]).toMatchObject({ title: edited.title, description: edited.objective, language: 'en' });
      // Translated weeks, and an uploaded PDF's title (its language is not recorded), say nothing.
      for (const week of [weeks[3]!, weeks[0]!]) expect(week).not.toHaveProperty('language');
      // An English reader's English week is in the page's language.
      const english = await createCouple(t.deps, { accessLevel: 'full' });
      expect((await weeksOf(english.accountId))[4]).not.toHaveProperty('language');
    } finally {
      await seller.courseContent.revert({ weekNumber: 5 });
    }
  });

  it('says why each week past the trial is locked, and that the trial weeks are done', async () => {
    const weeks = await (await callerFor(t, couple)).frameworks.withAccess();
    expect(weeks.slice(0, 4).map((week) => [week.state, week.lockReason, week.notice])).toEqual(
      Array.from({ length: 4 }, () => ['completed', null, null]),
    );
    expect(weeks[4]).toMatchObject({
      state: 'locked',
      lockReason: 'trial-limit',
      notice: 'Week 5 is part of the full course. Get the full course to unlock it.',
    });
    // Every week past the trial gives the trial as its reason, even where week N-1 is not completed.
    expect(new Set(weeks.slice(4).map((week) => week.lockReason))).toEqual(new Set(['trial-limit']));
  });

  it("gives a full couple each week's state, lock reason and notice", async () => {
    const full = await createCouple(t.deps, { accessLevel: 'full' });
    await completeWeeks(t.deps, full.coupleId, [1, 5]);
    const weeks = await (await callerFor(t, await sessionCookie(t.deps, full.accountId))).frameworks.withAccess();
    const summary = (weekNumber: number) => {
      const week = weeks[weekNumber - 1]!;
      return [week.weekNumber, week.state, week.lockReason, week.notice];
    };
    // Frameworks are uploaded for weeks 1, 2 and 6.
    expect([1, 2, 3, 4, 5, 6, 7].map(summary)).toEqual([
      [1, 'completed', null, null],
      [2, 'next', null, null],
      [3, 'locked', 'previous-week', 'Complete Week 2 to unlock this week.'],
      [4, 'locked', 'previous-week', 'Complete Week 3 to unlock this week.'],
      [5, 'completed', null, null],
      [6, 'available', null, null],
      [7, 'locked', 'previous-week', 'Complete Week 6 to unlock this week.'],
    ]);
    expect(summary(52)).toEqual([52, 'locked', 'previous-week', 'Complete Week 51 to unlock this week.']);
    for (const week of weeks) expect(week.isUnlocked).toBe(week.lockReason === null);
  });

  it('says an open week with neither a PDF nor content is coming soon, even when it is the next week', async () => {
    content.weeks = [1, 2];
    const full = await createCouple(t.deps, { accessLevel: 'full' });
    await completeWeeks(t.deps, full.coupleId, [1, 2]);
    const weeks = await (await callerFor(t, await sessionCookie(t.deps, full.accountId))).frameworks.withAccess();
    expect(weeks[2]).toMatchObject({
      weekNumber: 3,
      isUnlocked: true,
      state: 'coming-soon',
      lockReason: null,
      notice: 'Week 3 framework will be available soon.',
    });
  });

  it('makes an open week without a PDF but with content the next week, titled from its content', async () => {
    const full = await createCouple(t.deps, { accessLevel: 'full' });
    await completeWeeks(t.deps, full.coupleId, [1, 2]);
    const weeks = await (await callerFor(t, await sessionCookie(t.deps, full.accountId))).frameworks.withAccess();
    const week3 = bundledContentLibrary().contentFor(3);
    expect(weeks[2]).toEqual({
      weekNumber: 3,
      title: week3.title,
      description: week3.objective,
      hasFramework: true,
      isUnlocked: true,
      state: 'next',
      lockReason: null,
      notice: null,
    });
  });

  it('is for couples only', async () => {
    expect((await trpcError((await callerFor(t, admin)).frameworks.withAccess())).code).toBe('FORBIDDEN');
    expect((await trpcError((await callerFor(t)).frameworks.withAccess())).code).toBe('UNAUTHORIZED');
  });
});

describe('frameworks.delete', () => {
  it('lets an admin delete a week: row and file gone', async () => {
    const caller = await callerFor(t, admin);
    expect(await caller.frameworks.delete({ weekNumber: 6 })).toEqual({ success: true });
    expect((await listFrameworks(t.deps)).map((framework) => framework.weekNumber)).toEqual([1, 2]);
    expect(filesIn(t.config.pdfDir)).toHaveLength(2);
    const error = await trpcError(caller.frameworks.delete({ weekNumber: 6 }));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toBe('No framework has been uploaded for week 6 yet.');
  });

  it('refuses couples, anonymous callers and bad week numbers', async () => {
    expect((await trpcError((await callerFor(t, couple)).frameworks.delete({ weekNumber: 1 }))).code).toBe('FORBIDDEN');
    expect((await trpcError((await callerFor(t)).frameworks.delete({ weekNumber: 1 }))).code).toBe('UNAUTHORIZED');
    expect((await trpcError((await callerFor(t, admin)).frameworks.delete({ weekNumber: 53 }))).code).toBe(
      'BAD_REQUEST',
    );
    expect((await listFrameworks(t.deps)).map((framework) => framework.weekNumber)).toEqual([1, 2]);
  });
});
