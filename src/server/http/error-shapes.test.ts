import { once } from 'node:events';
import net from 'node:net';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCouple, createTestApp, sessionCookie, type TestApp } from '../test/harness';
import { SHUTTING_DOWN_MESSAGE } from './security';

/**
 * Every /api error is `{message}` (auth endpoints add `success: false`), including the answers
 * Fastify and Node's HTTP parser write themselves, and every 400 says which field is wrong or what
 * the body should be (docs/product.md#http-api).
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

interface Answer {
  status: number;
  contentType: string | undefined;
  body: Record<string, unknown>;
}

function expectMessageOnly(answer: Answer, status: number, message: string | RegExp, auth = false) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.contentType).toMatch(/^application\/json/);
  expect(Object.keys(answer.body).sort()).toEqual(auth ? ['message', 'success'] : ['message']);
  expect(answer.body.message).toMatch(message);
  if (auth) expect(answer.body.success).toBe(false);
}

async function inject(options: InjectOptions): Promise<Answer> {
  const res = await t.app.inject(options);
  return { status: res.statusCode, contentType: res.headers['content-type'] as string | undefined, body: res.json() };
}

/** Sends `text` on a new connection and reads the first answer, whatever happens to the socket after it. */
function rawRequest(text: string | Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    const finish = () => {
      const split = received.indexOf('\r\n\r\n');
      if (split < 0) {
        reject(new Error(`no answer: ${JSON.stringify(received)}`));
        return;
      }
      const head = received.slice(0, split);
      const contentType = /\r\ncontent-type: *([^\r]+)/i.exec(head)?.[1];
      resolve({ status: Number(head.split(' ')[1]), contentType, body: JSON.parse(received.slice(split + 4)) });
    };
    socket.on('data', (chunk) => (received += chunk));
    // The server closes the connection after these answers; a client still sending may see a reset.
    socket.on('error', () => {});
    socket.on('close', finish);
    socket.write(text, () => {});
  });
}

/** The JSON-taking endpoints, one ordinary and one auth endpoint, with the body each expects. */
const ENDPOINTS = [
  { url: '/api/contact', auth: false },
  { url: '/api/auth/login', auth: true },
  { url: '/api/customer-auth/login', auth: true },
];

describe.each(ENDPOINTS)('POST $url answers a body it cannot use with {message}', ({ url, auth }) => {
  const post = (payload: string, contentType = 'application/json') =>
    inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

  it('that is not valid JSON', async () => {
    expectMessageOnly(await post('{abc}'), 400, 'The request body is not valid JSON.', auth);
  });

  it.each(['"abc"', '[1]', '42', 'true'])('that is JSON but not an object (%s)', async (payload) => {
    expectMessageOnly(await post(payload), 400, 'The request body must be a JSON object.', auth);
  });

  it('that is empty with a JSON content type', async () => {
    expectMessageOnly(await post(''), 400, /empty; send JSON/, auth);
  });

  it('that is over the size limit', async () => {
    expectMessageOnly(
      await post(JSON.stringify({ message: 'x'.repeat(200 * 1024) })),
      413,
      'The request body is too large.',
      auth,
    );
  });

  it('of a content type it does not read', async () => {
    expectMessageOnly(await post('<a/>', 'text/xml'), 415, 'Unsupported content type.', auth);
  });
});

describe('tRPC inputs that are not an object or not JSON say what the input must be', () => {
  it.each([
    ['POST', '/api/trpc/contact.send', '"abc"', 'The input must be a JSON object.'],
    ['POST', '/api/trpc/contact.send', '[1]', 'The input must be a JSON object.'],
    ['POST', '/api/trpc/contact.send', '{abc}', 'The input is not valid JSON.'],
    [
      'GET',
      `/api/trpc/workbook.content?input=${encodeURIComponent('"abc"')}`,
      undefined,
      'The input must be a JSON object.',
    ],
    [
      'GET',
      `/api/trpc/workbook.content?input=${encodeURIComponent('{abc')}`,
      undefined,
      'The input is not valid JSON.',
    ],
  ] as const)('%s %s %s', async (method, url, payload, message) => {
    const { deps } = t;
    const couple = await createCouple(deps);
    const res = await t.app.inject({
      method,
      url,
      payload,
      headers: {
        cookie: await sessionCookie(deps, couple.accountId),
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });
});

describe('answers Fastify gives before a route is found', () => {
  it('414 for a path segment over the length limit', async () => {
    expectMessageOnly(await inject({ url: `/api/order/pi_${'a'.repeat(6000)}` }), 414, 'The URL is too long.');
  });

  it('400 for a path whose %-escapes do not decode', async () => {
    expectMessageOnly(
      await rawRequest('GET /api/order/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
      400,
      /URL is not valid/,
    );
  });
});

describe("answers Node's HTTP parser gives before Fastify sees a request (a raw response, then close)", () => {
  it('431 for headers over 16 KB', async () => {
    const answer = await rawRequest(`GET /api/auth/check HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expectMessageOnly(answer, 431, /headers are too large/);
  });

  it('431 for a URL over 16 KB', async () => {
    expectMessageOnly(
      await rawRequest(`GET /api/auth/check?${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`),
      431,
      /URL and headers/,
    );
  });

  it('400 for a method HTTP does not know', async () => {
    expectMessageOnly(
      await rawRequest('FROB /api/contact HTTP/1.1\r\nHost: x\r\n\r\n'),
      400,
      'The request method is not supported.',
    );
  });

  it('400 for bytes that are not HTTP', async () => {
    expectMessageOnly(
      await rawRequest('GET /api/auth/check HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n'),
      400,
      /not valid HTTP/,
    );
  });
});

describe('a request arriving while the app closes', () => {
  it('is answered 503 {message}', async () => {
    const own = await createTestApp();
    await own.app.listen({ host: '127.0.0.1', port: 0 });
    const socket = net.connect((own.app.server.address() as net.AddressInfo).port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk));
    const ended = once(socket, 'close');
    // A first request in flight (its body not sent yet) keeps the connection open during the close.
    const body = JSON.stringify({
      firstName: 'A',
      lastName: 'B',
      email: 'a@example.com',
      subject: 'general',
      message: 'Hi',
    });
    const arrived = once(own.app.server, 'request');
    socket.write(
      `POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    await arrived;
    const closed = own.close();
    while (own.app.server.listening) await new Promise((resolve) => setImmediate(resolve));
    // The first request completes; the one pipelined after it arrives while the app is closing.
    socket.write(`${body}GET /api/auth/check HTTP/1.1\r\nHost: x\r\n\r\n`);
    await ended;
    await closed;
    const answers = received.split(/(?=HTTP\/1\.1 )/);
    expect(answers.map((answer) => answer.slice(0, 12))).toEqual(['HTTP/1.1 201', 'HTTP/1.1 503']);
    const last = answers[1]!;
    expect(last).toMatch(/\r\ncontent-type: application\/json/i);
    expect(JSON.parse(last.slice(last.indexOf('\r\n\r\n') + 4))).toEqual({ message: SHUTTING_DOWN_MESSAGE });
  });
});
