import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { PUBLIC_CONFIG_ELEMENT_ID } from '../../shared/constants';
import { advertisedPrice } from '../../shared/money';
import type { PublicConfig } from '../features/public-config/service';
import { HINT_PLACEHOLDERS, registerPages } from './pages';

const config: PublicConfig = {
  demoMode: false,
  trialAccessCode: null,
  demoEmail: null,
  demoAccessCode: null,
  trialWeeks: 4,
  cardPayments: false,
  priceCents: 4900,
  currency: 'usd',
  advertisedPrice: advertisedPrice(4900, 'usd'),
};
const page = (body: string) =>
  `<!doctype html><html><head><title>t</title></head><body><div id="root">${body}</div></body></html>`;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function serve(files: Record<string, string>, routes: string[] = [], publicConfig = config) {
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
  await registerPages(app, webDir, publicConfig as never, 'https://vows.example');
  return app;
}

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

  it("serves a file only at its own spelling, its build's brotli copy when accepted, and to HEAD", async () => {
    const app = await serve({
      'index.html': page('landing'),
      'app.html': page(''),
      'assets/entry-AbC.js': 'export const entry = 1;',
      'assets/entry-AbC.js.br': 'brotli bytes',
    });
    expect((await app.inject({ url: '/assets/entry-AbC.js?v=2' })).body).toBe('export const entry = 1;');
    for (const alias of ['/assets/entry-abc.js', '/ASSETS/entry-AbC.js', '/assets//entry-AbC.js']) {
      const res = await app.inject({ url: alias });
      expect(res.statusCode, alias).toBe(404);
      expect(res.body, alias).toContain('<div id="root"></div>');
    }
    const br = await app.inject({ url: '/assets/entry-AbC.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body).toBe('brotli bytes');
    const head = await app.inject({ method: 'HEAD', url: '/assets/entry-AbC.js' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    await app.close();
  });

  it('serves the service worker and the app manifest revalidated on every visit, at the root (decision 0265)', async () => {
    const app = await serve({
      'index.html': page('landing'),
      'app.html': page(''),
      'sw.js': 'self.addEventListener("fetch", () => {});',
      'manifest.webmanifest': '{"name":"Vows & Weeks"}',
      'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    });
    const worker = await app.inject({ url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    // Other files at the root keep their hour.
    expect((await app.inject({ url: '/favicon.svg' })).headers['cache-control']).toBe('public, max-age=3600');
    await app.close();
  });

  it("serves a sign-in page with the installation's code hints in its HTML, values escaped (decision 0175)", async () => {
    const hint = (text: string) => page(`<form>sign in</form><p>${text}</p>`);
    const files = {
      'index.html': page('landing'),
      'app.html': page(''),
      'pages/customer-login.html': hint('no hints'),
      'pages/customer-login.hints-trial.html': hint(
        `trial ${HINT_PLACEHOLDERS.trialAccessCode} to try ${HINT_PLACEHOLDERS.trialWeeks}`,
      ),
      'pages/customer-login.es.hints-trial.html': hint(
        `prueba ${HINT_PLACEHOLDERS.trialAccessCode} para probar ${HINT_PLACEHOLDERS.trialWeeks}`,
      ),
      'pages/customer-login.hints-demo.html': hint(
        `demo ${HINT_PLACEHOLDERS.demoEmail} ${HINT_PLACEHOLDERS.demoAccessCode}`,
      ),
      'pages/customer-login.hints-trial-demo.html': hint(
        `both ${HINT_PLACEHOLDERS.trialAccessCode} ${HINT_PLACEHOLDERS.demoEmail} ${HINT_PLACEHOLDERS.demoAccessCode}`,
      ),
    };
    const body = async (publicConfig: PublicConfig, url = '/customer-login') => {
      const app = await serve(files, [], publicConfig);
      const answer = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      await app.close();
      return answer.body;
    };
    expect(await body(config)).toContain('<p>no hints</p>');
    expect(await body({ ...config, trialAccessCode: 'TRY<ME>', trialWeeks: 3 })).toContain(
      '<p>trial TRY&#60;ME&#62; to try the first 3 weeks</p>',
    );
    // The weeks as the page's language says them, plural and all (the build cannot know the count).
    expect(await body({ ...config, trialAccessCode: 'TRY', trialWeeks: 1 })).toContain('to try the first week</p>');
    expect(await body({ ...config, trialAccessCode: 'TRY', trialWeeks: 1 }, '/es/customer-login')).toContain(
      '<p>prueba TRY para probar la primera semana</p>',
    );
    expect(await body({ ...config, trialAccessCode: 'TRY', trialWeeks: 6 }, '/es/customer-login')).toContain(
      'para probar las primeras 6 semanas</p>',
    );
    const demo = { ...config, demoMode: true, demoEmail: 'demo@example.com', demoAccessCode: 'DEMO-2026' };
    expect(await body(demo)).toContain('<p>demo demo@example.com DEMO-2026</p>');
    expect(await body({ ...demo, trialAccessCode: 'TRIAL' })).toContain('<p>both TRIAL demo@example.com DEMO-2026</p>');
  });
});
