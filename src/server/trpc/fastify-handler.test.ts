import cookie from '@fastify/cookie';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, createCouple, createTestApp, sessionCookie, type TestApp } from '../test/harness';
import { TRPC_MAX_BATCH_SIZE } from '../../shared/constants';
import { plainCall } from './fastify-handler';
import { createContext } from './init';
import { appRouter } from './router';

let t: TestApp;
/** tRPC's own Fastify adapter over the same deps and router: the answers ours must match. */
let reference: FastifyInstance;
let coupleCookie: string;
let adminsCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  reference = Fastify({ logger: false, routerOptions: { maxParamLength: 5000 } });
  await reference.register(cookie);
  await reference.register(fastifyTRPCPlugin, {
    prefix: '/api/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: (opts: Parameters<typeof createContext>[1]) => createContext(t.deps, opts),
      maxBatchSize: TRPC_MAX_BATCH_SIZE,
    },
  });
  const couple = await createCouple(t.deps, { accessLevel: 'trial' });
  coupleCookie = await sessionCookie(t.deps, couple.accountId);
  adminsCookie = await adminCookie(t.deps);
});

afterAll(async () => {
  await reference.close();
  await t.close();
});

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const DASHBOARD = 'profile.get,progress.progression,progress.list,progress.access,frameworks.withAccess,auth.check';

/** Requests the web client sends (answered by our handler) and odd ones (handed to tRPC's adapter). */
const PLAIN: [string, InjectOptions][] = [
  ['a public query', { url: '/api/trpc/auth.check' }],
  ['a couple query, signed out (401)', { url: '/api/trpc/progress.progression' }],
  ['a couple query, signed in', { url: '/api/trpc/progress.progression', headers: { cookie: 'couple' } }],
  ['a couple query as the admin (403)', { url: '/api/trpc/progress.progression', headers: { cookie: 'admin' } }],
  ['the dashboard batch', { url: `/api/trpc/${DASHBOARD}?batch=1&input=${input({})}`, headers: { cookie: 'couple' } }],
  [
    'a batch of answers and errors (207)',
    { url: `/api/trpc/auth.check,progress.progression?batch=1&input=${input({})}` },
  ],
  [
    'a batch with inputs at some indexes',
    {
      url: `/api/trpc/auth.check,workbook.get?batch=1&input=${input({ 1: { weekNumber: 1 } })}`,
      headers: { cookie: 'couple' },
    },
  ],
  ['an unknown procedure (404)', { url: '/api/trpc/nope.nothing' }],
  ['a batch with an unknown procedure', { url: `/api/trpc/auth.check,nope.nothing?batch=1&input=${input({})}` }],
  [
    'a query sent as POST (405)',
    { method: 'POST', url: '/api/trpc/auth.check', headers: { 'content-type': 'application/json' }, payload: '{}' },
  ],
  [
    'a mutation sent as GET (405)',
    { url: `/api/trpc/progress.complete?input=${input({ weekNumber: 1 })}`, headers: { cookie: 'couple' } },
  ],
  [
    'a mutation with invalid input (400)',
    {
      method: 'POST',
      url: '/api/trpc/progress.complete',
      headers: { cookie: 'couple', 'content-type': 'application/json' },
      payload: JSON.stringify({ weekNumber: 99 }),
    },
  ],
  [
    'a mutation on a locked week (403)',
    {
      method: 'POST',
      url: '/api/trpc/progress.complete',
      headers: { cookie: 'couple', 'content-type': 'application/json' },
      payload: JSON.stringify({ weekNumber: 9 }),
    },
  ],
  [
    'a mutation that succeeds (again: the first completion date is kept)',
    {
      method: 'POST',
      url: '/api/trpc/progress.complete',
      headers: { cookie: 'couple', 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify({ weekNumber: 1 }),
    },
  ],
  [
    'a batched mutation',
    {
      method: 'POST',
      url: '/api/trpc/progress.complete?batch=1',
      headers: { cookie: 'couple', 'content-type': 'application/json' },
      payload: JSON.stringify({ 0: { weekNumber: 1 } }),
    },
  ],
];
const OVERSIZED_BATCH = Array.from({ length: TRPC_MAX_BATCH_SIZE + 1 }, () => 'auth.check').join(',');
const HANDED_ON: [string, InjectOptions][] = [
  ['a batch over the size limit (400)', { url: `/api/trpc/${OVERSIZED_BATCH}?batch=1&input=${input({})}` }],
  ['input that is not JSON', { url: '/api/trpc/auth.check?input=%7Bnope' }],
  ['a batch whose input is not an object', { url: `/api/trpc/auth.check?batch=1&input=${input([1])}` }],
  [
    'a POST that is not JSON',
    {
      method: 'POST',
      url: '/api/trpc/progress.complete',
      headers: { cookie: 'couple', 'content-type': 'text/plain' },
      payload: '{"weekNumber":1}',
    },
  ],
  [
    'a POST with an empty body',
    {
      method: 'POST',
      url: '/api/trpc/progress.complete',
      headers: { cookie: 'couple', 'content-type': 'application/json' },
    },
  ],
  ['a HEAD request', { method: 'HEAD', url: '/api/trpc/auth.check' }],
  [
    'a streaming (jsonl) batch',
    { url: `/api/trpc/auth.check?batch=1&input=${input({})}`, headers: { 'trpc-accept': 'application/jsonl' } },
  ],
  [
    'a batch mixing a query and a mutation',
    {
      method: 'POST',
      url: '/api/trpc/auth.check,progress.complete?batch=1',
      headers: { cookie: 'couple', 'content-type': 'application/json' },
      payload: JSON.stringify({ 1: { weekNumber: 1 } }),
    },
  ],
];

function withCookies(options: InjectOptions): InjectOptions {
  const headers = { ...(options.headers as Record<string, string> | undefined) };
  if (headers.cookie === 'couple') headers.cookie = coupleCookie;
  if (headers.cookie === 'admin') headers.cookie = adminsCookie;
  return { ...options, headers };
}

/** JSON bodies compared as values (key order aside), anything else (a jsonl stream) as text. */
function parsed(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

async function bothAnswer(options: InjectOptions) {
  const ours = await t.app.inject(withCookies(options));
  const theirs = await reference.inject(withCookies(options));
  return { ours, theirs };
}

describe('our tRPC handler', () => {
  it.each([...PLAIN, ...HANDED_ON])("answers %s exactly as tRPC's own adapter does", async (_name, options) => {
    const { ours, theirs } = await bothAnswer(options);
    expect(ours.statusCode).toBe(theirs.statusCode);
    expect(parsed(ours.body)).toEqual(parsed(theirs.body));
    // Fastify names the charset of a string body (utf-8, as JSON is); the media type is the same.
    const mediaType = (value: unknown) => String(value).split(';')[0];
    expect(mediaType(ours.headers['content-type'])).toBe(mediaType(theirs.headers['content-type']));
    expect(ours.headers.vary).toBe(theirs.headers.vary);
  });

  it('refuses a batch of more procedures than the limit with 400, running none of them', async () => {
    const { ours } = await bothAnswer({ url: `/api/trpc/${OVERSIZED_BATCH}?batch=1&input=${input({})}` });
    expect(ours.statusCode).toBe(400);
    expect(JSON.stringify(ours.json())).toMatch(/Batch call exceeds maximum size/);
    const atTheLimit = Array.from({ length: TRPC_MAX_BATCH_SIZE }, () => 'auth.check').join(',');
    expect((await t.app.inject({ url: `/api/trpc/${atTheLimit}?batch=1&input=${input({})}` })).statusCode).toBe(200);
  });

  it('answers the calls the web client makes itself, and hands only the odd ones on', async () => {
    const scope = Fastify({ logger: false });
    scope.removeContentTypeParser(['application/json']);
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.all<{ Params: { path: string } }>('/api/trpc/:path', async (req) => ({
      plain: plainCall(appRouter, req, TRPC_MAX_BATCH_SIZE) !== undefined,
    }));
    const answers = async (list: [string, InjectOptions][]) =>
      Promise.all(
        list.map(
          async ([name, options]) =>
            [name, (await scope.inject(withCookies(options))).json<{ plain: boolean }>().plain] as const,
        ),
      );
    const plain = await answers(PLAIN);
    const handedOn = await answers(HANDED_ON.filter(([name]) => name !== 'a HEAD request'));
    await scope.close();
    expect(plain.filter(([, isPlain]) => !isPlain)).toEqual([]);
    expect(handedOn.filter(([, isPlain]) => isPlain)).toEqual([]);
  });
});
