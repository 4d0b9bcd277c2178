import { describe, expect, it } from 'vitest';
import { PUBLIC_CONFIG_ELEMENT_ID } from '../shared/constants';
import type { PublicConfig } from './features/public-config/service';
import { LOCALIZED_PAGE_PATHS, localizedPath } from '../shared/i18n/localized-pages';
import { advertisedPrice } from '../shared/money';
import { SITE_PAGES } from '../shared/site-pages';
import { PAGE_PATHS, pageFile, withAbsoluteAlternates, withPublicConfig } from './http/pages';
import { useTestApp } from './test/harness';

const t = useTestApp();

describe('pages', () => {
  it.each(PAGE_PATHS)('serves %s with 200 HTML', async (url) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  // QA walk: a clerk typing the address with no code got the 404 page.
  it('serves /verify/ (no code) with 200 HTML, the page where the code is typed', async () => {
    const res = await t.app.inject({ url: '/verify/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  // Decision 0275: the public pages have a Spanish address too (the seller's pages once saved).
  const sitePaths: readonly string[] = SITE_PAGES.map((page) => page.path);
  it.each(LOCALIZED_PAGE_PATHS.filter((page) => !sitePaths.includes(page)))(
    'serves %s at its Spanish address too',
    async (page) => {
      const res = await t.app.inject({ url: localizedPath(page, 'es') });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers.vary).toContain('accept-language');
    },
  );

  it("answers an unsaved seller's page with 404 at both addresses, and no other /es/ path exists", async () => {
    for (const url of ['/privacy', '/es/privacy', '/es/dashboard', '/es/no-such-page']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it("names each language's prerendered file", () => {
    expect(pageFile('/login', 'en')).toBe('pages/login.html');
    expect(pageFile('/gift/sent', 'es')).toBe('pages/gift/sent.es.html');
  });

  it('carries the public config in a JSON data block, the same answer as the config call', async () => {
    const blockOf = (html: string) =>
      new RegExp(`<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">(.*?)</script>`).exec(html)?.[1];
    const config = (await t.app.inject({ url: '/api/trpc/publicConfig.get' })).json().result.data;
    for (const url of ['/customer-login', '/', '/no-such-page']) {
      const block = blockOf((await t.app.inject({ url })).body);
      expect(block, url).toBeDefined();
      expect(JSON.parse(block!)).toEqual(config);
    }
  });

  it('escapes the data block so no configured value can end it early', () => {
    const config: PublicConfig = {
      demoMode: true,
      trialAccessCode: '</script><script>alert(1)</script>',
      demoEmail: 'a@b.c',
      demoAccessCode: 'X',
      trialWeeks: 3,
      cardPayments: false,
      priceCents: 4900,
      currency: 'usd',
      advertisedPrice: advertisedPrice(4900, 'usd'),
    };
    const html = withPublicConfig('<html><head></head><body></body></html>', config);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const block = html.slice(html.indexOf('>', html.indexOf('<script')) + 1, html.indexOf('</script>'));
    expect(JSON.parse(block)).toEqual(config);
  });

  it('names the site in front of the hreflang alternates, which search engines take only as full addresses', () => {
    const built =
      '<head><link rel="alternate" hreflang="en" href="/login"><link rel="alternate" hreflang="es" href="/es/login"><link rel="canonical" href="/x"></head>';
    expect(withAbsoluteAlternates(built, 'https://vows.example/')).toBe(
      '<head><link rel="alternate" hreflang="en" href="https://vows.example/login"><link rel="alternate" hreflang="es" href="https://vows.example/es/login"><link rel="canonical" href="/x"></head>',
    );
  });

  it('advertises the configured price in the prerendered pages (PRICE_CENTS, CURRENCY)', () => {
    const config: PublicConfig = {
      demoMode: false,
      trialAccessCode: null,
      demoEmail: null,
      demoAccessCode: null,
      trialWeeks: 3,
      cardPayments: true,
      priceCents: 3900,
      currency: 'eur',
      advertisedPrice: advertisedPrice(3900, 'eur'),
    };
    const prerendered =
      '<html><head><meta name="description" content="A course, $49 once."></head><body><li>$49 once, yours to keep: less than $1 a week</li><p>Less than $1 a week for a year.</p></body></html>';
    const html = withPublicConfig(prerendered, config);
    expect(html).toContain('content="A course, €39 once."');
    expect(html).toContain(
      '<li>€39 once, yours to keep: less than €1 a week</li><p>Less than €1 a week for a year.</p>',
    );
  });

  it('answers an unknown page with the app shell and 404', async () => {
    const res = await t.app.inject({ url: '/no-such-page' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('api basics', () => {
  it('answers an unknown /api path with 404 JSON', async () => {
    for (const url of ['/api/anything-else', '/api/nope/deeper?x=1']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: expect.stringContaining('No such endpoint') });
    }
  });

  it('gives the anonymous auth check', async () => {
    const res = await t.app.inject({ url: '/api/auth/check' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ authenticated: false, isAdmin: false, role: null, userId: null });
  });

  it('serves the public configuration without secrets', async () => {
    const res = await t.app.inject({ url: '/api/config' });
    expect(res.json()).toEqual({
      demoMode: false,
      trialAccessCode: 'TRY-52-WEEKS',
      demoEmail: null,
      demoAccessCode: null,
      trialWeeks: 4,
      cardPayments: false,
      priceCents: 4900,
      currency: 'usd',
      // Formatted here, so the landing page need not set up the browser's number formatting.
      advertisedPrice: { price: '$49', perWeek: 'less than $1 a week' },
    });
  });

  it('sends the security headers and no x-powered-by', async () => {
    const res = await t.app.inject({ url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('refuses a state-changing request from a foreign origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://evil.example', host: 'localhost:3000' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/cross-origin/i);
  });

  it('lets a same-origin request through the origin check', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/no-such-thing',
      headers: { origin: 'http://localhost:3000', host: 'localhost:3000' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a JSON body over 100 kB with 413 and a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ filler: 'x'.repeat(110 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/too large/);
  });

  it('answers malformed JSON with 400 and a message, not a stack', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/no-such-thing',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });
});

describe('tRPC', () => {
  it('answers a batched GET of several procedures', async () => {
    const input = encodeURIComponent(JSON.stringify({}));
    const res = await t.app.inject({ url: `/api/trpc/auth.check,publicConfig.get?batch=1&input=${input}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toHaveLength(2);
    expect(body[0].result.data).toMatchObject({ authenticated: false });
    expect(body[1].result.data).toMatchObject({ trialWeeks: 4 });
  });

  it('answers an unknown procedure with 404 and no stack trace', async () => {
    const res = await t.app.inject({ url: '/api/trpc/nope.nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('stack');
    expect(res.body).not.toMatch(/\.ts:\d+/);
  });
});
