import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, LOG_REDACT_PATHS } from './app';
import { testConfig } from './test/harness';
import type { FastifyInstance } from 'fastify';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function appLoggingAt(level: string): Promise<{
  app: FastifyInstance;
  lines: () => { level: number; msg: string; reqId?: string; req?: { url: string } }[];
}> {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const config = testConfig({ LOG_LEVEL: level });
  app = await buildApp(config, {
    logger: { level, redact: LOG_REDACT_PATHS, stream },
    print: () => {},
    webDir: path.join(config.dataDir, 'no-web'),
  });
  return {
    app,
    lines: () =>
      chunks
        .join('')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line)),
  };
}

describe('request lines (decision 0061)', () => {
  it('are not written at the default level, info', async () => {
    const { app, lines } = await appLoggingAt('info');
    const res = await app.inject({ url: '/api/auth/check' });
    expect(res.statusCode).toBe(200);
    expect(lines().filter((line) => line.reqId)).toEqual([]);
  });

  it('are written at debug, with the request id the response carries', async () => {
    const { app, lines } = await appLoggingAt('debug');
    const res = await app.inject({ url: '/api/auth/check' });
    const forRequest = lines().filter((line) => line.reqId === res.headers['x-request-id']);
    expect(forRequest.map((line) => [line.level, line.msg])).toEqual([
      [20, 'incoming request'],
      [20, 'request completed'],
    ]);
  });

  it('leave out the query string, where links carry their tokens and tRPC its input', async () => {
    const { app, lines } = await appLoggingAt('debug');
    const secret = 'invite-token-ZX81-never-logged';
    const input = encodeURIComponent(JSON.stringify({ 0: { token: secret } }));
    await app.inject({ url: `/api/trpc/partners.invitation?batch=1&input=${input}` });
    await app.inject({ url: `/api/auth/check?token=${secret}` });
    const urls = lines()
      .map((line) => line.req?.url)
      .filter(Boolean);
    expect(urls).toEqual(['/api/trpc/partners.invitation?[query omitted]', '/api/auth/check?[query omitted]']);
    expect(JSON.stringify(lines())).not.toContain(secret);
  });

  it("leave out a token in the path: the gift card's receipt token", async () => {
    const { app, lines } = await appLoggingAt('debug');
    const token = 'Rc7pTokenNeverLogged0123456789ab';
    const res = await app.inject({ url: `/api/gifts/${token}/card.pdf?download=1` });
    expect(res.statusCode).toBe(404);
    const urls = lines()
      .map((line) => line.req?.url)
      .filter(Boolean);
    expect(urls).toEqual(['/api/gifts/[token omitted]/card.pdf?[query omitted]']);
    expect(JSON.stringify(lines())).not.toContain(token);
  });
});
