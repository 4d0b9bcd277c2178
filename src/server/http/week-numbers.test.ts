import { describe, expect, it } from 'vitest';
import { WEEK_NUMBER_MESSAGE } from '../../shared/schemas';
import { adminCookie, createCouple, sessionCookie, useTestApp } from '../test/harness';

/**
 * Week numbers are whole numbers 1-52 in plain digits (a path) or JSON integers (tRPC): the shared
 * weekNumberSchema decides for both transports, so both refuse the same look-alikes that
 * JavaScript's Number() would read as 1.
 */
const t = useTestApp();

async function signedIn() {
  const couple = await createCouple(t.deps);
  return { couple, cookie: await sessionCookie(t.deps, couple.accountId) };
}

/** Path segments, as a client would write them (percent-encoded where a URL needs it). */
const BAD_PATH_WEEKS = ['0x1', '1e0', '+1', '%201%20', '1.0', '-1', '0', '53', 'true', '%5B1%5D', 'abc'];
const GOOD_PATH_WEEKS = ['1', '52'];

const REST_CALLS: {
  name: string;
  request: (
    week: string,
    couple: { coupleId: number },
  ) => { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: object };
  admin?: boolean;
}[] = [
  {
    name: 'POST /api/progress/{userId}/{weekNumber}/complete',
    request: (week, c) => ({ method: 'POST', url: `/api/progress/${c.coupleId}/${week}/complete` }),
  },
  {
    name: 'POST /api/progress/{userId}/{weekNumber}',
    request: (week, c) => ({ method: 'POST', url: `/api/progress/${c.coupleId}/${week}`, payload: { notes: 'n' } }),
  },
  {
    name: 'GET /api/workbook-responses/{userId}/{weekNumber}/{partner}',
    request: (week, c) => ({ method: 'GET', url: `/api/workbook-responses/${c.coupleId}/${week}/partner1` }),
  },
  {
    name: 'GET /api/week-summary/{userId}/{weekNumber}',
    request: (week, c) => ({ method: 'GET', url: `/api/week-summary/${c.coupleId}/${week}` }),
  },
  {
    name: 'POST /api/generate-summary/{userId}/{weekNumber}',
    request: (week, c) => ({ method: 'POST', url: `/api/generate-summary/${c.coupleId}/${week}` }),
  },
  {
    name: 'GET /api/download-framework/{weekNumber}',
    request: (week) => ({ method: 'GET', url: `/api/download-framework/${week}` }),
  },
  {
    name: 'DELETE /api/framework/{weekNumber}',
    request: (week) => ({ method: 'DELETE', url: `/api/framework/${week}` }),
    admin: true,
  },
];

describe('{weekNumber} in a REST path', () => {
  describe.each(REST_CALLS)('$name', ({ request, admin }) => {
    it.each(BAD_PATH_WEEKS)('answers 400 naming weekNumber for %s', async (week) => {
      const { couple, cookie } = await signedIn();
      const res = await t.app.inject({
        ...request(week, couple),
        headers: { cookie: admin ? await adminCookie(t.deps) : cookie },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: WEEK_NUMBER_MESSAGE });
    });

    it.each(GOOD_PATH_WEEKS)('reads %s as a week', async (week) => {
      const { couple, cookie } = await signedIn();
      const res = await t.app.inject({
        ...request(week, couple),
        headers: { cookie: admin ? await adminCookie(t.deps) : cookie },
      });
      // Week 52 is locked (403), a summary needs answers (400): never the week's 400. Week 1's
      // framework is a PDF (generated from its content when nothing is uploaded).
      expect(res.statusCode, res.body).toBeLessThan(500);
      if (res.headers['content-type'] !== 'application/pdf') expect(res.json().message).not.toBe(WEEK_NUMBER_MESSAGE);
    });
  });
});

/** tRPC inputs as JSON: the value of `weekNumber`. */
const BAD_JSON_WEEKS: unknown[] = [true, [1], '0x1', ' 1 ', '1e0', '+1', '', 1.5, 0, 53, -1, null, { value: 1 }];
const GOOD_JSON_WEEKS: unknown[] = [1, 52, '1', '52'];

const TRPC_CALLS = [
  { path: 'progress.complete', method: 'POST' as const },
  { path: 'progress.update', method: 'POST' as const, extra: { notes: 'n' } },
  { path: 'workbook.content', method: 'GET' as const },
  { path: 'workbook.get', method: 'GET' as const, extra: { partner: 'partner1' } },
  { path: 'workbook.summary', method: 'GET' as const },
  { path: 'frameworks.delete', method: 'POST' as const, admin: true },
];

async function trpcCall(call: (typeof TRPC_CALLS)[number], weekNumber: unknown) {
  const { cookie } = await signedIn();
  const input = JSON.stringify({ ...call.extra, weekNumber });
  const headers = { cookie: call.admin ? await adminCookie(t.deps) : cookie };
  return call.method === 'GET'
    ? t.app.inject({ url: `/api/trpc/${call.path}?input=${encodeURIComponent(input)}`, headers })
    : t.app.inject({
        method: 'POST',
        url: `/api/trpc/${call.path}`,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: input,
      });
}

describe('weekNumber in a tRPC input', () => {
  describe.each(TRPC_CALLS)('$path', (call) => {
    it.each(BAD_JSON_WEEKS.map((week) => [JSON.stringify(week), week]))(
      'answers 400 naming weekNumber for %s',
      async (_label, week) => {
        const res = await trpcCall(call, week);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe(WEEK_NUMBER_MESSAGE);
      },
    );

    it.each(GOOD_JSON_WEEKS.map((week) => [JSON.stringify(week), week]))('reads %s as a week', async (_label, week) => {
      const res = await trpcCall(call, week);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json().error?.message).not.toBe(WEEK_NUMBER_MESSAGE);
    });
  });
});
