import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { REQUEST_ID_PATTERN } from './request-id';
import { apiHeaders, helmetHeaders } from './security';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const HELMET_NAMES = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

describe('security headers, worked out once', () => {
  it('are exactly what @fastify/helmet sends with the same options', async () => {
    t = await createTestApp();
    const headers = await helmetHeaders(t.config);
    expect(Object.keys(headers).sort()).toEqual(HELMET_NAMES);
    // The reference: @fastify/helmet itself, registered the usual way, per request.
    const reference = Fastify({ logger: false });
    await reference.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
    });
    reference.get('/', async () => ({}));
    const expected = (await reference.inject({ url: '/' })).headers;
    await reference.close();
    for (const name of HELMET_NAMES) expect(headers[name], name).toBe(expected[name]);
  });

  it('go on every page, the 404 page included', async () => {
    t = await createTestApp();
    const expected = await helmetHeaders(t.config);
    const answers = await Promise.all([t.app.inject({ url: '/dashboard' }), t.app.inject({ url: '/no-such-page' })]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 404]);
    for (const res of answers) {
      for (const [name, value] of Object.entries(expected))
        expect(res.headers[name], `${res.statusCode} ${name}`).toBe(value);
      expect(res.headers['x-request-id']).toMatch(REQUEST_ID_PATTERN);
    }
  });

  it('on every API answer (JSON, 4xx from a guard, unknown path, refused origin) are the API set, and only those', async () => {
    t = await createTestApp();
    const pages = await helmetHeaders(t.config);
    const expected = apiHeaders(pages);
    expect(expected).toEqual({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
    });
    const answers = await Promise.all([
      t.app.inject({ url: '/api/auth/check' }),
      t.app.inject({ url: '/api/user-progression/1' }),
      t.app.inject({ url: '/api/no-such-thing' }),
      t.app.inject({ url: '/api/trpc/auth.check' }),
      t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { origin: 'https://evil.example', host: 'localhost:3000' },
      }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 401, 404, 200, 403]);
    for (const res of answers) {
      for (const [name, value] of Object.entries(expected))
        expect(res.headers[name], `${res.statusCode} ${name}`).toBe(value);
      for (const name of Object.keys(pages).filter((page) => !(page in expected)))
        expect(res.headers[name], name).toBeUndefined();
      expect(res.headers['x-request-id']).toMatch(REQUEST_ID_PATTERN);
    }
  });

  it('add HSTS and upgrade-insecure-requests when cookies are Secure (behind HTTPS)', async () => {
    t = await createTestApp({ COOKIE_SECURE: 'true' });
    const [api, page] = await Promise.all([
      t.app.inject({ url: '/api/auth/check' }),
      t.app.inject({ url: '/dashboard' }),
    ]);
    for (const res of [api, page])
      expect(res.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    expect(String(page.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });
});
