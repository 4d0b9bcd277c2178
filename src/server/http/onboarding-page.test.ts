import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUYER_FIRST_NAME_PLACEHOLDER, INITIAL_PROFILE_ELEMENT_ID } from '../../shared/onboarding-page';
import { buildApp } from '../app';
import { createCouple, makeTempDir, sessionCookie, testConfig } from '../test/harness';
import { ONBOARDING_PAGE_FILES, onboardingPageFor } from './pages';

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
    'pages/dashboard.html': page('<h1>Dashboard skeleton</h1>'),
    [ONBOARDING_PAGE_FILES.en]: page(`<h2>Welcome dialog</h2><input value="${BUYER_FIRST_NAME_PLACEHOLDER}">`),
    [ONBOARDING_PAGE_FILES.es]: page(`<h2>Bienvenidos</h2><input value="${BUYER_FIRST_NAME_PLACEHOLDER}">`),
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
    expect(spanish.body).toContain('<h2>Bienvenidos</h2>');
  });

  it('is the usual dashboard for an onboarded couple, a visitor, or a cookie that names nobody', async () => {
    const couple = await createCouple(app.deps);
    for (const cookie of [await sessionCookie(app.deps, couple.accountId), undefined, 'sid=nobody']) {
      const res = await get(cookie);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<h1>Dashboard skeleton</h1>');
      expect(res.body).not.toContain(INITIAL_PROFILE_ELEMENT_ID);
    }
  });

  it("escapes the buyer's first name in the field and the data block", () => {
    const template = page(`<input value="${BUYER_FIRST_NAME_PLACEHOLDER}">`).replace('<title>', '<title>');
    const html = onboardingPageFor(template, {
      userDisplayName: '',
      partnerName: '',
      weddingDate: null,
      buyerFirstName: '"><script>alert(1)</script>',
    });
    expect(html).toContain('<input value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('\\u003cscript>alert(1)\\u003c/script>');
  });
});
