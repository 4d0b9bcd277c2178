import { Writable } from 'node:stream';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, LOG_REDACT_PATHS } from './app';
import { REQUEST_ID_PATTERN } from './http/request-id';
import { sessionCookie, createCouple, testConfig } from './test/harness';
import { startStripeDouble, type StripeDouble } from './test/stripe-double';
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

describe('a failing Stripe', () => {
  const KEY = 'sk_test_neverLoggedKey42';
  const SECRET = 'whsec_neverLoggedSecret42';
  const stripeLines: string[] = [];
  let double: StripeDouble;
  let stripeApp: FastifyInstance;

  beforeAll(async () => {
    // The double knows another key: every call the app makes is refused (401).
    double = await startStripeDouble({ secretKey: 'sk_test_theRealOne', webhookSecret: SECRET });
    const stream = new Writable({
      write(chunk, _encoding, done) {
        stripeLines.push(String(chunk));
        done();
      },
    });
    const config = testConfig({
      LOG_LEVEL: 'info',
      STRIPE_SECRET_KEY: KEY,
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_BASE: double.url,
    });
    stripeApp = await buildApp(config, {
      logger: { level: 'info', redact: LOG_REDACT_PATHS, stream },
      print: () => {},
      webDir: path.join(config.dataDir, 'no-web'),
    });
  });
  afterAll(async () => {
    await stripeApp?.close();
    await double?.close();
  });

  it('answers 503 and logs what Stripe said, with the request id and without the key', async () => {
    const started = await stripeApp.inject({
      method: 'POST',
      url: '/api/trpc/payments.startCheckout',
      headers: { 'content-type': 'application/json' },
      payload: { email: 'buyer@example.com', firstName: 'Ana', lastName: 'Lima' },
    });
    expect(started.statusCode).toBe(503);
    const returned = await stripeApp.inject({ url: '/api/payments/return?session_id=cs_test_abc123' });
    expect(returned.statusCode).toBe(503);

    const failures = stripeLines.map((line) => JSON.parse(line)).filter((e) => e.msg === 'upstream service failed');
    expect(failures).toHaveLength(2);
    for (const [entry, answer] of [
      [failures[0], started],
      [failures[1], returned],
    ] as const) {
      expect(entry.reqId).toBe(answer.headers['x-request-id']);
      expect(entry.upstream.cause).toMatchObject({ statusCode: 401, message: 'Invalid API Key provided.' });
    }
    expect(failures[0].path).toBe('payments.startCheckout');
    const output = stripeLines.join('');
    for (const secret of [KEY, SECRET, 'sk_test_theRealOne']) expect(output).not.toContain(secret);
  });
});
