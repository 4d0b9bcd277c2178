import { describe, expect, it } from 'vitest';
import {
  batchPath,
  canonicalJson,
  itemData,
  keepableItems,
  OFFLINE_PROCEDURES,
  offlineAnswer,
  PDF_PATH,
  readablePartners,
  sessionOwner,
  trpcCalls,
} from './offline-data';

/** A batched tRPC GET as httpBatchLink builds it. */
function batchUrl(procedures: string[], inputs: Record<string, unknown>): URL {
  const url = new URL(`http://localhost/api/trpc/${procedures.join(',')}`);
  url.searchParams.set('batch', '1');
  url.searchParams.set('input', JSON.stringify(inputs));
  return url;
}

describe('what the service worker keeps for offline reading', () => {
  it('splits a batch into calls keyed by procedure and input, whatever the batch they came in', () => {
    const first = trpcCalls(
      batchUrl(['auth.session', 'workbook.answers'], { 1: { weekNumber: 3, partner: 'partner1' } }),
    );
    const second = trpcCalls(
      batchUrl(['workbook.content', 'workbook.answers'], {
        0: { weekNumber: 3 },
        1: { partner: 'partner1', weekNumber: 3 },
      }),
    );
    expect(first?.map((call) => call.procedure)).toEqual(['auth.session', 'workbook.answers']);
    expect(first?.[0]?.input).toBe('');
    // The same call in another batch, its input's keys in another order, has the same key.
    expect(first?.[1]?.key).toBe(second?.[1]?.key);
    expect(first?.[1]?.key).not.toBe(
      trpcCalls(batchUrl(['workbook.answers'], { 0: { weekNumber: 3, partner: 'partner2' } }))?.[0]?.key,
    );
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: undefined }] })).toBe('{"a":[{"d":2}],"b":1}');
  });

  it('is not fooled by what is not a tRPC query', () => {
    expect(trpcCalls(new URL('http://localhost/api/download-framework/3'))).toBeNull();
    expect(trpcCalls(new URL('http://localhost/api/trpc/a;b?batch=1'))).toBeNull();
    expect(trpcCalls(new URL('http://localhost/api/trpc/auth.session?batch=1&input=%7Bbroken'))).toBeNull();
  });

  it('names only couple procedures: nothing of the admin area, nothing not named', () => {
    for (const procedure of OFFLINE_PROCEDURES) expect(procedure).not.toMatch(/^(admin|courseContent|orders|couples)/);
    const calls = trpcCalls(batchUrl(['workbook.content', 'adminPlan.coreWeeks'], {}))!;
    expect(
      keepableItems(calls, [{ result: { data: 1 } }, { result: { data: 2 } }]).map(({ call }) => call.procedure),
    ).toEqual(['workbook.content']);
  });

  it('never keeps a refusal: a sealed partner’s answers (403) are not stored', () => {
    const calls = trpcCalls(
      batchUrl(['workbook.answers', 'workbook.answers'], {
        0: { weekNumber: 2, partner: 'partner1' },
        1: { weekNumber: 2, partner: 'partner2' },
      }),
    )!;
    const answer = [
      { result: { data: { reflectionAnswers: { q: 'mine' } } } },
      { error: { message: 'sealed', code: -32003, data: { code: 'FORBIDDEN', httpStatus: 403 } } },
    ];
    const kept = keepableItems(calls, answer);
    expect(kept).toHaveLength(1);
    expect(kept[0]?.call.input).toBe('{"partner":"partner1","weekNumber":2}');
    // An answer not shaped like the request keeps nothing.
    expect(keepableItems(calls, [answer[0]])).toEqual([]);
  });

  it('knows whose data it holds from the session answer', () => {
    const [session] = trpcCalls(batchUrl(['auth.session'], {}))!;
    expect(sessionOwner(session!, { result: { data: { customerId: 12 } } })).toBe(12);
    expect(sessionOwner(session!, { error: { data: { code: 'UNAUTHORIZED' } } })).toBeNull();
  });

  it('answers offline from what it kept; a call with nothing kept fails on its own', () => {
    const calls = trpcCalls(batchUrl(['workbook.content', 'progress.streak'], { 0: { weekNumber: 1 } }))!;
    const complete = offlineAnswer(calls, [{ result: { data: 'c' } }, { result: { data: 's' } }], true);
    expect(complete.status).toBe(200);
    expect(JSON.parse(complete.body)).toEqual([{ result: { data: 'c' } }, { result: { data: 's' } }]);
    const partial = offlineAnswer(calls, [{ result: { data: 'c' } }, undefined], true);
    expect(partial.status).toBe(207);
    expect(JSON.parse(partial.body)[1].error.data).toMatchObject({ code: 'SERVICE_UNAVAILABLE', offline: true });
  });

  it('keeps PDFs of weeks 1-52 only', () => {
    expect(PDF_PATH.test('/api/download-framework/1')).toBe(true);
    expect(PDF_PATH.test('/api/download-framework/52')).toBe(true);
    expect(PDF_PATH.test('/api/download-framework/53')).toBe(false);
    expect(PDF_PATH.test('/api/download-framework/1/../admin')).toBe(false);
  });

  it('asks the weeks it keeps the way the app asks them, so they are kept under the same keys', () => {
    const path = batchPath([
      { procedure: 'workbook.answers', input: { weekNumber: 4, partner: 'partner2' } },
      { procedure: 'workbook.content', input: { weekNumber: 4 } },
    ]);
    expect(path.startsWith('/api/trpc/workbook.answers,workbook.content?batch=1&input=')).toBe(true);
    const ours = trpcCalls(new URL(path, 'http://localhost'));
    const apps = trpcCalls(
      batchUrl(['workbook.content', 'workbook.answers'], {
        0: { weekNumber: 4 },
        1: { partner: 'partner2', weekNumber: 4 },
      }),
    );
    expect(ours?.map((call) => call.key)).toEqual([apps?.[1]?.key, apps?.[0]?.key]);
  });

  it('reads an answer item’s data, and nothing from an error item', () => {
    expect(itemData({ result: { data: { revealed: true } } })).toEqual({ revealed: true });
    expect(itemData({ error: { message: 'locked', data: { httpStatus: 403 } } })).toBeUndefined();
    expect(itemData(null)).toBeUndefined();
  });

  it('keeps only this sign-in’s own answers of a sealed week, and both once revealed', () => {
    expect(readablePartners({ privateAnswers: true, revealed: false, you: 'partner2' })).toEqual({
      partners: ['partner2'],
      sealed: true,
    });
    expect(readablePartners({ privateAnswers: true, revealed: false, you: null })).toEqual({
      partners: [],
      sealed: true,
    });
    expect(readablePartners({ privateAnswers: true, revealed: true, you: 'partner2' })).toEqual({
      partners: ['partner1', 'partner2'],
      sealed: false,
    });
    expect(readablePartners({ privateAnswers: false, revealed: false, you: 'partner1' }).partners).toEqual([
      'partner1',
      'partner2',
    ]);
    // An answer of another shape (or none: a locked week) keeps nobody's answers.
    expect(readablePartners(undefined)).toEqual({ partners: [], sealed: true });
    expect(readablePartners({ privateAnswers: 'yes', revealed: false })).toEqual({ partners: [], sealed: true });
  });
});
