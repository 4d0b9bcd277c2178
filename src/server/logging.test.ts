import { Writable } from 'node:stream';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, LOG_REDACT_PATHS } from './app';
import { REQUEST_ID_PATTERN } from './http/request-id';
import { sessionCookie, createCouple, testConfig } from './test/harness';
import type { FastifyInstance } from 'fastify';

const lines: string[] = [];
let app: FastifyInstance;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const config = testConfig({ LOG_LEVEL: 'trace' });
  app = await buildApp(config, {
    logger: { level: 'trace', redact: LOG_REDACT_PATHS, stream },
    print: () => {},
    webDir: path.join(config.dataDir, 'no-web'),
  });
});
afterAll(() => app.close());

describe('structured logs', () => {
  it('carry a request id and never a cookie, password or access code', { timeout: 30_000 }, async () => {
    const couple = await createCouple(app.deps);
    const cookie = await sessionCookie(app.deps, couple.accountId);
    const token = cookie.split('=')[1]!;
    const res = await app.inject({ url: '/api/auth/check', headers: { cookie } });
    expect(res.headers['x-request-id']).toMatch(REQUEST_ID_PATTERN);
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie, 'content-type': 'application/json' },
      payload: { username: 'admin', password: 'super-secret-password-1' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/customer-auth/login',
      payload: { email: 'someone@example.com', accessCode: 'SECRET-CODE-9999' },
    });
    const output = lines.join('');
    expect(output).toContain(String(res.headers['x-request-id']));
    expect(output).toContain('"reqId"');
    for (const secret of [token, 'super-secret-password-1', 'SECRET-CODE-9999', 'scrypt$']) {
      expect(output).not.toContain(secret);
    }
  });
});
