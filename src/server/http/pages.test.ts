import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { PUBLIC_CONFIG_ELEMENT_ID } from '../../shared/constants';
import type { PublicConfig } from '../features/public-config/service';
import { HINT_PLACEHOLDERS, registerPages, WARM_PAGE_PATHS } from './pages';

const config: PublicConfig = {
  demoMode: false,
  trialAccessCode: null,
  demoEmail: null,
  demoAccessCode: null,
  trialWeeks: 4,
  cardPayments: false,
  priceCents: 4900,
  currency: 'usd',
};
const page = (body: string) =>
  `<!doctype html><html><head><title>t</title></head><body><div id="root">${body}</div></body></html>`;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function serve(files: Record<string, string>, routes: string[] = [], publicConfig = config) {
  return (await servePages(files, routes, publicConfig)).app;
}

async function servePages(files: Record<string, string>, routes: string[] = [], publicConfig = config) {
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vows-pages-'));
  dirs.push(webDir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(webDir, name)), { recursive: true });
    fs.writeFileSync(path.join(webDir, name), text);
  }
  const app = Fastify();
  app.addHook('onRoute', (route) => {
    routes.push(`${route.method} ${route.url}`);
  });
  const pages = await registerPages(app, webDir, publicConfig as never);
  return { app, pages };
}

/** Resolves after the callbacks already queued for the event loop's check phase (setImmediate). */
const afterQueuedImmediates = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('registerPages', () => {
  it("serves each page path its own prerendered frame and skeleton, with the installation's config", async () => {
    const app = await serve({
      'index.html': page('landing'),
      'app.html': page(''),
      'pages/dashboard.html': page('<h1>Welcome to your journey</h1>'),
    });
    const dashboard = await app.inject({ url: '/dashboard', headers: { 'accept-encoding': 'identity' } });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.body).toContain('<h1>Welcome to your journey</h1>');
    expect(dashboard.body).toContain(`id="${PUBLIC_CONFIG_ELEMENT_ID}"`);
    // A page path without a prerendered file (an older build) gets the empty shell.
    const login = await app.inject({ url: '/login', headers: { 'accept-encoding': 'identity' } });
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('<div id="root"></div>');
    // The 404 stays the empty shell.
    const missing = await app.inject({ url: '/nowhere' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root"></div>');
    await app.close();
  });

  it('answers a page in brotli or gzip when accepted, made on its first request (decision 0188)', async () => {
    const app = await serve({
      'index.html': page('landing'),
      'app.html': page(''),
      'pages/dashboard.html': page('<h1>Welcome to your journey</h1>'),
    });
    const plain = await app.inject({ url: '/dashboard', headers: { 'accept-encoding': 'identity' } });
    const br = await app.inject({ url: '/dashboard', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await app.inject({ url: '/dashboard', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    await app.close();
  });

  it('serves the built files through one route, however many there are (idle memory, decision 0176)', async () => {
    const assets = Object.fromEntries(
      Array.from({ length: 40 }, (_, index) => [`assets/chunk-${index}.js`, `export const n = ${index};`]),
    );
    const routes: string[] = [];
    const app = await serve(
      { 'index.html': page('landing'), 'app.html': page(''), '.vite/manifest.json': '{}', ...assets },
      routes,
    );
    expect(routes.filter((route) => route.includes('assets')).length).toBe(0);
    const asset = await app.inject({ url: '/assets/chunk-7.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('export const n = 7;');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // What is not a file gets the same answers as before: the app's 404 page, or JSON under /api.
    const missing = await app.inject({ url: '/assets/gone.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root"></div>');
    const api = await app.inject({ url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'No such endpoint: GET /api/nothing-here' });
    // Dotfiles (the build's manifest) are not served.
    expect((await app.inject({ url: '/.vite/manifest.json' })).statusCode).toBe(404);
    await app.close();
  });

  it("serves a sign-in page with the installation's code hints in its HTML, values escaped (decision 0175)", async () => {
    const hint = (text: string) => page(`<form>sign in</form><p>${text}</p>`);
    const files = {
      'index.html': page('landing'),
      'app.html': page(''),
      'pages/customer-login.html': hint('no hints'),
      'pages/customer-login.hints-trial.html': hint(
        `trial ${HINT_PLACEHOLDERS.trialAccessCode} for ${HINT_PLACEHOLDERS.trialWeeks} weeks`,
      ),
      'pages/customer-login.hints-demo.html': hint(
        `demo ${HINT_PLACEHOLDERS.demoEmail} ${HINT_PLACEHOLDERS.demoAccessCode}`,
      ),
      'pages/customer-login.hints-trial-demo.html': hint(
        `both ${HINT_PLACEHOLDERS.trialAccessCode} ${HINT_PLACEHOLDERS.demoEmail} ${HINT_PLACEHOLDERS.demoAccessCode}`,
      ),
    };
    const body = async (publicConfig: PublicConfig) => {
      const app = await serve(files, [], publicConfig);
      const answer = await app.inject({ url: '/customer-login', headers: { 'accept-encoding': 'identity' } });
      await app.close();
      return answer.body;
    };
    expect(await body(config)).toContain('<p>no hints</p>');
    expect(await body({ ...config, trialAccessCode: 'TRY<ME>', trialWeeks: 3 })).toContain(
      '<p>trial TRY&#60;ME&#62; for 3 weeks</p>',
    );
    const demo = { ...config, demoMode: true, demoEmail: 'demo@example.com', demoAccessCode: 'DEMO-2026' };
    expect(await body(demo)).toContain('<p>demo demo@example.com DEMO-2026</p>');
    expect(await body({ ...demo, trialAccessCode: 'TRIAL' })).toContain('<p>both TRIAL demo@example.com DEMO-2026</p>');
  });

  describe('the first pages are encoded once the server listens (decision 0195)', () => {
    const files = {
      'index.html': page('landing'),
      'app.html': page(''),
      'pages/dashboard.html': page('<h1>Welcome to your journey</h1>'),
      'pages/customer-login.html': page('<form>sign in</form>'),
      'pages/admin.html': page('<h1>Admin</h1>'),
    };

    it('has their brotli ready when the first visitor comes, and nothing else', async () => {
      const { app, pages } = await servePages(files);
      await app.listen({ port: 0, host: '127.0.0.1' });
      // `listen` did not wait for any of it.
      expect(pages.page('/').made()).toEqual({ bytes: false, encodings: [] });
      expect(pages.warmUp).not.toBeNull();
      await pages.warmUp;
      for (const pagePath of WARM_PAGE_PATHS) {
        expect(pages.page(pagePath).made()).toEqual({ bytes: true, encodings: ['br'] });
        expect(pages.page(pagePath).encodingsStarted()).toBe(1);
      }
      expect(WARM_PAGE_PATHS).toEqual(['/']);
      // The first visitor gets the encoding made at start; none is made again.
      const plain = await app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
      const first = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(first.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(first.rawPayload).toString()).toBe(plain.body);
      expect(pages.page('/').encodingsStarted()).toBe(1);
      // Every other page is still made on its first request only (idle memory).
      for (const other of ['/dashboard', '/customer-login', '/admin'] as const) {
        expect(pages.page(other).made()).toEqual({ bytes: false, encodings: [] });
      }
      await app.close();
    });

    it('shares the encoding in flight with a request that arrives during the warm-up', async () => {
      const { app, pages } = await servePages(files);
      await app.listen({ port: 0, host: '127.0.0.1' });
      // The warm-up's first step (the landing page) has run; its encoding, in the thread pool, cannot
      // have finished before the event loop polls again.
      await afterQueuedImmediates();
      expect(pages.page('/').made()).toEqual({ bytes: true, encodings: ['br'] });
      expect(pages.page('/').encodingsStarted()).toBe(1);
      const answer = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
      expect(answer.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(answer.rawPayload).toString()).toContain('landing');
      await pages.warmUp;
      expect(pages.page('/').encodingsStarted()).toBe(1);
      await app.close();
    });

    it('is not started for an app that never listens (app.inject, the test apps)', async () => {
      const { app, pages } = await servePages(files);
      await app.ready();
      await app.inject({ url: '/dashboard', headers: { 'accept-encoding': 'identity' } });
      expect(pages.warmUp).toBeNull();
      expect(pages.page('/').made()).toEqual({ bytes: false, encodings: [] });
      await app.close();
    });
  });
});
