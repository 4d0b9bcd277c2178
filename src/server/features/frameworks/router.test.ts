import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, callerFor, createCouple, createTestApp, sessionCookie, type TestApp } from '../../test/harness';
import { listFrameworks, storeFrameworkPdf } from './service';
import { completeWeeks, filesIn, makePdf } from './test-support';

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
    await storeFrameworkPdf(t.deps, { weekNumber: week, title: `Title ${week}`, description: `About ${week}` }, await makePdf());
  }
  await completeWeeks(t.deps, coupleId, [1, 2, 3, 4]);
});
afterAll(() => t.close());

async function rejection(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

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
    expect((await rejection(caller.frameworks.list())).code).toBe('UNAUTHORIZED');
  });
});

describe('frameworks.withAccess', () => {
  it('answers the same 52 weeks as the REST path, using the unlock rule and the trial limit', async () => {
    const caller = await callerFor(t, couple);
    const weeks = await caller.frameworks.withAccess();
    expect(weeks).toHaveLength(52);
    // Trial (4 weeks): 1-4 completed stay open, 5 is beyond the limit although 4 is completed.
    expect(weeks.filter((week) => week.isUnlocked).map((week) => week.weekNumber)).toEqual([1, 2, 3, 4]);
    expect(weeks.filter((week) => week.hasFramework).map((week) => week.weekNumber)).toEqual([1, 2, 6]);
    expect(weeks[5]).toEqual({ weekNumber: 6, title: 'Title 6', description: 'About 6', hasFramework: true, isUnlocked: false });

    const rest = await t.app.inject({ url: `/api/frameworks-with-access/${coupleId}`, headers: { cookie: couple } });
    expect(rest.json()).toEqual(weeks);
  });

  it('is for couples only', async () => {
    expect((await rejection((await callerFor(t, admin)).frameworks.withAccess())).code).toBe('FORBIDDEN');
    expect((await rejection((await callerFor(t)).frameworks.withAccess())).code).toBe('UNAUTHORIZED');
  });
});

describe('frameworks.delete', () => {
  it('lets an admin delete a week: row and file gone', async () => {
    const caller = await callerFor(t, admin);
    expect(await caller.frameworks.delete({ weekNumber: 6 })).toEqual({ success: true });
    expect((await listFrameworks(t.deps)).map((framework) => framework.weekNumber)).toEqual([1, 2]);
    expect(filesIn(t.config.pdfDir)).toHaveLength(2);
    const error = await rejection(caller.frameworks.delete({ weekNumber: 6 }));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toBe('No framework has been uploaded for week 6 yet.');
  });

  it('refuses couples, anonymous callers and bad week numbers', async () => {
    expect((await rejection((await callerFor(t, couple)).frameworks.delete({ weekNumber: 1 }))).code).toBe('FORBIDDEN');
    expect((await rejection((await callerFor(t)).frameworks.delete({ weekNumber: 1 }))).code).toBe('UNAUTHORIZED');
    expect((await rejection((await callerFor(t, admin)).frameworks.delete({ weekNumber: 53 }))).code).toBe('BAD_REQUEST');
    expect((await listFrameworks(t.deps)).map((framework) => framework.weekNumber)).toEqual([1, 2]);
  });
});
