import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../test/harness';
import { FORWARDED_WITHOUT_TRUST_MESSAGE } from './proxy';

let app: FastifyInstance | undefined;
afterEach(async () => {
  if (!app) return;
  const { dataDir } = app.deps.config;
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  app = undefined;
});

/** The app with its log lines (JSON, warn and above) collected in `lines`. */
async function appWithLog(env: Record<string, string>) {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const config = testConfig(env);
  app = await buildApp(config, {
    logger: { level: 'warn', stream },
    print: () => {},
    webDir: path.join(config.dataDir, 'no-web'),
  });
  return { app, lines };
}

const contact = {
  firstName: 'Priya',
  lastName: 'Shah',
  email: 'priya@example.com',
  subject: 'course',
  message: 'Hello there.',
};

describe('X-Forwarded-For while TRUST_PROXY is off', () => {
  it('is logged as a warning once per process, not per request', async () => {
    const { app, lines } = await appWithLog({});
    await app.inject({ url: '/api/auth/check' });
    expect(lines).toEqual([]);
    for (const address of ['203.0.113.7', '203.0.113.8', '203.0.113.9']) {
      await app.inject({ url: '/api/auth/check', headers: { 'x-forwarded-for': address } });
    }
    await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: contact,
      headers: { 'x-forwarded-for': '203.0.113.10' },
    });
    const warnings = lines.filter((line) => line.msg === FORWARDED_WITHOUT_TRUST_MESSAGE);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.level).toBe(40);
    expect(warnings[0]!.msg).toMatch(/TRUST_PROXY=true/);
  });

  it('is not logged when TRUST_PROXY is on', async () => {
    const { app, lines } = await appWithLog({ TRUST_PROXY: 'true' });
    await app.inject({ url: '/api/auth/check', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(lines.filter((line) => line.msg === FORWARDED_WITHOUT_TRUST_MESSAGE)).toEqual([]);
  });
});

describe('TRUST_PROXY=true', () => {
  const post = (forwardedFor: string) =>
    app!.inject({
      method: 'POST',
      url: '/api/contact',
      payload: contact,
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('counts the address the proxy saw (its entry, the last), not one the client wrote before it', async () => {
    await appWithLog({ TRUST_PROXY: 'true', RATE_LIMIT_CONTACT_PER_MINUTE: '1' });
    expect((await post('198.51.100.1, 203.0.113.7')).statusCode).toBe(201);
    // The same client, claiming another address in front of the proxy's entry: still limited.
    expect((await post('198.51.100.2, 203.0.113.7')).statusCode).toBe(429);
    // Another client behind the same proxy has a budget of its own.
    expect((await post('203.0.113.8')).statusCode).toBe(201);
  });
});
