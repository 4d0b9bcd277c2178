import { Writable } from 'node:stream';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyChildLoggerFactory } from './request-logger';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

function appLoggingAt(level: string) {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  app = Fastify({
    logger: { level, stream },
    childLoggerFactory: lazyChildLoggerFactory,
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.get('/quiet', async (req) => {
    req.log.debug('not written at info');
    return { ok: true };
  });
  app.get('/warns', async (req) => {
    req.log.warn({ detail: 42 }, 'something odd');
    req.log.info('and more');
    return { ok: true };
  });
  const lines = () =>
    chunks
      .join('')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  return { app, lines };
}

describe('the lazy request logger', () => {
  it('makes no child logger for a request that writes nothing at an enabled level', async () => {
    const { app, lines } = appLoggingAt('info');
    const child = vi.spyOn(app.log, 'child');
    expect((await app.inject({ url: '/quiet' })).statusCode).toBe(200);
    expect(child).not.toHaveBeenCalled();
    expect(lines()).toEqual([]);
  });

  it('writes enabled lines through a child that carries the request id, made once', async () => {
    const { app, lines } = appLoggingAt('info');
    const child = vi.spyOn(app.log, 'child');
    await app.inject({ url: '/warns' });
    expect(child).toHaveBeenCalledTimes(1);
    const written = lines();
    expect(written.map((line) => [line.level, line.msg, line.detail])).toEqual([
      [40, 'something odd', 42],
      [30, 'and more', undefined],
    ]);
    expect(written[0].reqId).toBeTruthy();
    expect(written[1].reqId).toBe(written[0].reqId);
  });

  it('writes debug lines when the level allows them', async () => {
    const { app, lines } = appLoggingAt('debug');
    await app.inject({ url: '/quiet' });
    expect(lines().map((line) => line.msg)).toEqual(['not written at info']);
  });
});
