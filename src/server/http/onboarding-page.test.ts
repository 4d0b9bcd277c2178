import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUYER_FIRST_NAME_PLACEHOLDER,
  frameLanguage,
  INITIAL_PROFILE_ELEMENT_ID,
  isPersonalFrame,
} from '../../shared/onboarding-page';
import { buildApp } from '../app';
import { createCouple, makeTempDir, sessionCookie, testConfig } from '../test/harness';
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gzipSync } from 'node:zlib';
import {
  greetedDashboardPageFor,
  ONBOARDING_PAGE_FILES,
  onboardingPageFor,
  PageBytes,
  PER_REQUEST_BROTLI_QUALITY,
  PER_REQUEST_GZIP_LEVEL,
  windowBitsFor,
} from './pages';

const page = (body: string) =>
  `<!doctype html><html><head><title>t</title></head><body><div id="root">${body}</div></body></html>`;

let app: FastifyInstance;
let dataDir: string;
let webDir: string;

beforeAll(async () => {
  dataDir = makeTempDir();
  webDir = makeTempDir('vows-web-');
  const files: Record<string, string> = {
    'index.html': page('landing'),
    'app.html': page(''),
    'pages/dashboard.html': page('<h1 class="t">Welcome to your journey</h1>'),
    'pages/dashboard.es.html': page('<h1 class="t">Les damos la bienvenida a su camino</h1>'),
    [ONBOARDING_PAGE_FILES.en]: page(`<h2>Welcome dialog</h2><input value="${BUYER_FIRST_NAME_PLACEHOLDER}">`),
    [ONBOARDING_PAGE_FILES.es]: page(`<h2>Les damos la bienvenida</h2><input value="${BUYER_FIRST_NAME_PLACEHOLDER}">`),
  };
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(webDir, name)), { recursive: true });
    fs.writeFileSync(path.join(webDir, name), text);
  }
  app = await buildApp(testConfig({ DATA_DIR: dataDir }), { logger: false, print: () => {}, webDir });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(webDir, { recursive: true, force: true });
});

const get = (cookie?: string) =>
  app.inject({ url: '/dashboard', headers: { 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) } });

describe("a new buyer's first /dashboard (decision 0273)", () => {
  it('comes with the welcome dialog and the profile it needs, in the sign-in’s language', async () => {
    const couple = await createCouple(app.deps, { displayName: '', partnerName: '' });
    const res = await get(await sessionCookie(app.deps, couple.accountId));
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toContain('cookie');
    expect(res.body).toContain('<h2>Welcome dialog</h2>');
    expect(res.body).toContain('<input value="">');
    const block = new RegExp(
      `<script type="application/json" id="${INITIAL_PROFILE_ELEMENT_ID}">([^<]*)</script>`,
    ).exec(res.body);
    expect(JSON.parse(block![1]!)).toEqual({ userDisplayName: '', partnerName: '', weddingDate: null });

    await app.deps.db.updateTable('accounts').set({ locale: 'es' }).where('id', '=', couple.accountId).execute();
    const spanish = await get(await sessionCookie(app.deps, couple.accountId));
    expect(spanish.body).toContain('<h2>Les damos la bienvenida</h2>');
  });

  it('is the usual frame for a visitor, or a cookie that names nobody', async () => {
    for (const cookie of [undefined, 'sid=nobody']) {
      const res = await get(cookie);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<h1 class="t">Welcome to your journey</h1>');
      expect(res.body).not.toContain(INITIAL_PROFILE_ELEMENT_ID);
    }
  });
});

describe("an onboarded couple's /dashboard (decision 0279)", () => {
  it('greets both partners by name in the heading, in the language the app starts in, with the profile', async () => {
    const couple = await createCouple(app.deps, { displayName: 'Ana', partnerName: 'Ben' });
    const cookie = await sessionCookie(app.deps, couple.accountId);
    const res = await get(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1 class="t">Welcome, Ana &#38; Ben</h1>');
    const block = new RegExp(
      `<script type="application/json" id="${INITIAL_PROFILE_ELEMENT_ID}">([^<]*)</script>`,
    ).exec(res.body);
    expect(JSON.parse(block![1]!)).toEqual({ userDisplayName: 'Ana', partnerName: 'Ben', weddingDate: null });
    expect(isPersonalFrame(res.body)).toBe(true);

    const spanish = await get(`${cookie}; vw_locale=es`);
    expect(spanish.body).toContain('<h1 class="t">Les damos la bienvenida, Ana y Ben</h1>');
    // What the service worker keeps instead: the frame asked without cookies, in the page's language.
    const kept = await app.inject({
      url: '/dashboard',
      headers: { 'accept-encoding': 'identity', 'accept-language': frameLanguage('<html lang="es">') },
    });
    expect(kept.body).toContain('<h1 class="t">Les damos la bienvenida a su camino</h1>');
    expect(isPersonalFrame(kept.body)).toBe(false);
    expect(frameLanguage('<!doctype html><html dir="ltr" lang="es"><head>')).toBe('es');
    expect(frameLanguage('<html>')).toBe('en');
  });

  it('escapes the names, and sends a frame without the expected heading as it is', async () => {
    const profile = { userDisplayName: '<b>Ana</b>', partnerName: 'Ben "B"', weddingDate: null };
    const html = greetedDashboardPageFor(
      page('<h1 class="t" data-awaiting-names="true" data-order="1">Welcome to your journey</h1>'),
      profile,
      'en',
    );
    // The heading with the names keeps no two-line height: it is as tall as they are.
    expect(html).toContain(
      '<h1 class="t" data-order="1">Welcome, &#60;b&#62;Ana&#60;/b&#62; &#38; Ben &#34;B&#34;</h1>',
    );
    expect(html).not.toContain('<b>Ana');
    const other = page('<h1>Something else</h1>');
    expect(greetedDashboardPageFor(other, profile, 'en')).toBe(other);
  });

  it("escapes the buyer's first name in the field and the data block", () => {
    const template = page(`<input value="${BUYER_FIRST_NAME_PLACEHOLDER}">`).replace('<title>', '<title>');
    const html = onboardingPageFor(template, {
      userDisplayName: '',
      partnerName: '',
      weddingDate: null,
      buyerFirstName: '"><script>alert(1)</script>',
    });
    expect(html).toContain('<input value="&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;">');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('\\u003cscript>alert(1)\\u003c/script>');
  });

  it('says the page is personal, so the service worker never keeps it for offline', () => {
    const template = page(`<input value="${BUYER_FIRST_NAME_PLACEHOLDER}">`);
    const html = onboardingPageFor(template, {
      userDisplayName: '',
      partnerName: '',
      weddingDate: null,
      buyerFirstName: 'Maya',
    });
    expect(isPersonalFrame(html)).toBe(true);
    expect(isPersonalFrame(template)).toBe(false);
    expect(isPersonalFrame(page('<h1>Dashboard skeleton</h1>'))).toBe(false);
  });

  it("compresses a page made for one request at the encoders' fastest levels, and it reads back whole", async () => {
    const couple = await createCouple(app.deps, { displayName: 'Ana', partnerName: 'Ben' });
    const res = await app.inject({
      url: '/dashboard',
      headers: { 'accept-encoding': 'br', cookie: await sessionCookie(app.deps, couple.accountId) },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('Welcome, Ana &#38; Ben');

    const html = page(`<p>${'A couple’s week, in their words. '.repeat(400)}</p>`);
    const bytes = Buffer.from(html);
    const perRequest = await new PageBytes(() => html, { perRequest: true }).encoding('br');
    const quality = (level: number) =>
      brotliCompressSync(bytes, {
        params: {
          [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          [zlib.BROTLI_PARAM_LGWIN]: windowBitsFor(bytes.length),
          [zlib.BROTLI_PARAM_QUALITY]: level,
        },
      });
    expect(perRequest.equals(quality(PER_REQUEST_BROTLI_QUALITY))).toBe(true);
    const gzipped = await new PageBytes(() => html, { perRequest: true }).encoding('gzip');
    expect(gzipped.equals(gzipSync(bytes, { level: PER_REQUEST_GZIP_LEVEL }))).toBe(true);
    expect(gzipped.equals(gzipSync(bytes))).toBe(false);
    expect((await new PageBytes(() => html).encoding('br')).equals(quality(11))).toBe(true);
  });

  it("compresses a page made for one request in the request's turn, never queued behind the thread pool's work", async () => {
    const html = page(`<p>${'A couple’s week, in their words. '.repeat(400)}</p>`);
    // Every thread of libuv's pool busy with a slow job, as the downloads' file reads keep it under load.
    const threads = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
    let poolJobsDone = 0;
    const poolBusy = Array.from(
      { length: threads },
      () =>
        new Promise<void>((resolve, reject) =>
          crypto.pbkdf2('password', 'salt', 400_000, 32, 'sha256', (error) => {
            poolJobsDone += 1;
            if (error) reject(error);
            else resolve();
          }),
        ),
    );
    for (const kind of ['br', 'gzip'] as const) {
      await new PageBytes(() => html, { perRequest: true }).encoding(kind);
      expect(poolJobsDone, kind).toBe(0);
    }
    // A page encoded once and kept goes to the pool, and waits there: the pool was indeed full.
    await new PageBytes(() => html).encoding('br');
    expect(poolJobsDone).toBeGreaterThan(0);
    await Promise.all(poolBusy);
  });
});
