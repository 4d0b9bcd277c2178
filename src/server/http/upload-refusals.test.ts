import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_A_PDF_MESSAGE } from '../features/frameworks/storage';
import { uploadForm } from '../features/frameworks/test-support';
import { adminCookie, createTestApp, type TestApp } from '../test/harness';
import { drainRequestBody } from './drain-request';

/**
 * A refused upload must reach the client as its answer. The server refuses a non-PDF after its
 * first bytes; if it answered and closed then, the client would still be sending the rest and get
 * EPIPE or ECONNRESET (a browser's "network error") instead of the 400. Over a real socket, with
 * node's HTTP client, as a browser would send them.
 */
let t: TestApp;
let port: number;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
  admin = await adminCookie(t.deps);
});
afterAll(() => t.close());

interface Outcome {
  status?: number;
  body?: string;
  /** The client's own error (EPIPE, ECONNRESET), if the connection broke under it. */
  error?: string;
}

/** Posts `form` on a fresh connection, writing it in 64 KB pieces as a browser streams a file. */
function post(form: { payload: Buffer; headers: Record<string, string> }, cookie?: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const outcome: Outcome = {};
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/upload-framework',
      agent: false,
      headers: { ...form.headers, 'content-length': String(form.payload.length), ...(cookie ? { cookie } : {}) },
    });
    req.on('response', (res) => {
      outcome.status = res.statusCode;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        outcome.body = body;
        resolve(outcome);
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      outcome.error = error.code ?? error.message;
      resolve(outcome);
    });
    const piece = 64 * 1024;
    let offset = 0;
    const writeMore = () => {
      while (offset < form.payload.length) {
        const chunk = form.payload.subarray(offset, offset + piece);
        offset += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', writeMore);
          return;
        }
      }
      req.end();
    };
    writeMore();
  });
}

const SIZES = [100, 1024 * 1024, 5 * 1024 * 1024, 9 * 1024 * 1024];
const notPdf = (size: number) => Buffer.alloc(size, 'not a pdf ');

describe('POST /api/upload-framework refusals over a real connection', () => {
  it('answer 40 non-PDF uploads of 100 B to 9 MB with their 400, never a broken connection', {
    timeout: 60_000,
  }, async () => {
    const forms = SIZES.map((size) => uploadForm({ weekNumber: '3', title: 'Not a PDF' }, notPdf(size)));
    const outcomes: Outcome[] = [];
    // Four at a time, as an admin retrying uploads from a few tabs might.
    for (let round = 0; round < 10; round += 1) {
      outcomes.push(...(await Promise.all(forms.map((form) => post(form, admin)))));
    }
    expect(outcomes.filter((outcome) => outcome.error)).toEqual([]);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe(400);
      expect(JSON.parse(outcome.body!)).toEqual({ message: NOT_A_PDF_MESSAGE });
    }
  });

  it('answer uploads refused before the body is read (not signed in) with their 401', { timeout: 60_000 }, async () => {
    const outcomes = await Promise.all(
      SIZES.map((size) => post(uploadForm({ weekNumber: '3', title: 'T' }, notPdf(size)))),
    );
    expect(outcomes.map((outcome) => outcome.error ?? outcome.status)).toEqual([401, 401, 401, 401]);
  });

  it('keep the connection open for the next request after a drained refusal', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const send = (payload: Buffer, headers: Record<string, string>) =>
        new Promise<{ status: number | undefined; socket: unknown }>((resolve, reject) => {
          const req = http.request(
            {
              host: '127.0.0.1',
              port,
              method: 'POST',
              path: '/api/upload-framework',
              agent,
              headers: { ...headers, cookie: admin },
            },
            (res) => {
              res.resume();
              res.on('end', () => resolve({ status: res.statusCode, socket: req.socket }));
            },
          );
          req.on('error', reject);
          req.end(payload);
        });
      const form = uploadForm({ weekNumber: '3', title: 'T' }, notPdf(1024 * 1024));
      const first = await send(form.payload, form.headers);
      const second = await send(form.payload, form.headers);
      expect([first.status, second.status]).toEqual([400, 400]);
      expect(second.socket === first.socket, 'the second upload reused the connection').toBe(true);
    } finally {
      agent.destroy();
    }
  });
});

describe('drainRequestBody', () => {
  /** A request body as a stream, with the headers a client sent. */
  function body(headers: Record<string, string> = {}) {
    return Object.assign(new PassThrough(), { headers }) as PassThrough & IncomingMessage;
  }

  it('reads the rest of a body to its end', async () => {
    const request = body({ 'content-length': '6' });
    const drained = drainRequestBody(request, 10);
    request.end('abcdef');
    expect(await drained).toBe(true);
    expect(request.readableEnded).toBe(true);
  });

  it('does not start on a body declared over the limit', async () => {
    const request = body({ 'content-length': '11' });
    expect(await drainRequestBody(request, 10)).toBe(false);
    expect(request.readableFlowing).toBe(null);
  });

  it('stops once a body without a declared length passes the limit', async () => {
    const request = body();
    const drained = drainRequestBody(request, 10);
    request.write(Buffer.alloc(8));
    request.write(Buffer.alloc(8));
    expect(await drained).toBe(false);
  });

  it('gives up when the connection goes away', async () => {
    const request = body();
    const drained = drainRequestBody(request, 10);
    request.destroy();
    expect(await drained).toBe(false);
  });
});
