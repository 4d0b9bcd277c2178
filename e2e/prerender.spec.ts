import { expect, test } from '@playwright/test';

const HERO = 'Prepare for a lifetime together, one week at a time';
const SPANISH_HERO = 'Prepárense para toda una vida juntos, una semana a la vez';

/** The warning of playwright.config.ts's `serviceWorkers: 'block'` (the test setup, not the app). */
function blockedWorker(text: string): boolean {
  return text === 'Service Worker registration blocked by Playwright';
}

/** A `hreflang` alternate link to `path` on the site's own origin (http://host:port). */
function alternate(lang: string, path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`<link rel="alternate" hreflang="${lang}" href="http://[^"/]+${escaped}">`);
}

/**
 * The landing page is prerendered at build time (docs/benchmarks.md): its text and layout are in
 * the HTML before any script runs, and the app then hydrates it without errors (decision 0071).
 */
test.describe('prerendered landing page', () => {
  test('shows its heading, sections and styles with JavaScript disabled', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'One price for the whole year' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue to Checkout' })).toBeVisible();
    // The CSS the page uses is inlined in the HTML (decision 0073): the hero is laid out, not raw markup.
    const heroButton = page.getByRole('link', { name: 'Get Your Workbook Today' });
    await expect(heroButton).toHaveCSS('background-color', 'rgb(154, 69, 118)');
    await context.close();
  });

  test('other pages get their own prerendered frame (decision 0136), not the landing HTML', async ({ request }) => {
    for (const path of ['/login', '/dashboard']) {
      const html = await (await request.get(path)).text();
      expect(html, path).not.toContain('<div id="root"></div>');
      expect(html, path).not.toContain(HERO);
    }
    // An unknown path gets the empty shell (the app shows its 404 page).
    const html = await (await request.get('/no-such-page')).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain(HERO);
  });

  test("a page's frame is drawn whole: its first paint waits for the element after it (decision 0393)", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const path of ['/login', '/dashboard', '/es/login']) {
      await page.goto(path);
      const expectation = await page.evaluate(() => {
        const link = document.querySelector<HTMLLinkElement>('head link[rel="expect"]');
        const target = link ? document.getElementById(link.getAttribute('href')!.slice(1)) : null;
        return {
          // The browser knows the attribute (a misspelt one would block nothing).
          renderBlocking: link?.blocking.contains('render') === true && link.blocking.supports('render'),
          // After the whole frame, outside what the app replaces, and never seen.
          afterTheFrame: target !== null && target.previousElementSibling?.id === 'root',
          hidden: target?.hidden === true,
        };
      });
      expect(expectation, path).toEqual({ renderBlocking: true, afterTheFrame: true, hidden: true });
    }
    await context.close();
  });

  test("a page's frame is styled once: its stylesheets come deferred and the app applies them as it takes over (decisions 0296 and 0397)", async ({
    browser,
    request,
  }) => {
    // The route's own stylesheets are linked deferred beside the entry's, not left to the chunk loader.
    const html = await (await request.get('/login')).text();
    const deferred = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)" media="print" data-deferred-css>/g)];
    expect(deferred.length, 'the entry stylesheet and the route stylesheets').toBeGreaterThan(1);

    // The frame's placeholders do not pulse while the app loads.
    const still = await browser.newContext({ javaScriptEnabled: false });
    const framePage = await still.newPage();
    // The full sheets wait for the app (decision 0397): a frame, or the landing page, alone fetches
    // none of them.
    const fetchedSheets: string[] = [];
    framePage.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') fetchedSheets.push(request.url());
    });
    await framePage.goto('/', { waitUntil: 'networkidle' });
    await framePage.goto('/dashboard', { waitUntil: 'networkidle' });
    expect(fetchedSheets).toEqual([]);
    const animation = await framePage
      .locator('[data-prerendered-frame] [data-animate]')
      .first()
      .evaluate((element) => getComputedStyle(element, '::after').animationName);
    expect(animation).toBe('none');
    await still.close();

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.locator('[data-prerendered-frame]')).toHaveCount(0);
    const sheets = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => ({
        href: link.getAttribute('href'),
        media: link.media,
      })),
    );
    // Every sheet applies, and the chunk loader added none a second time.
    expect(sheets.filter((sheet) => sheet.media !== 'all')).toEqual([]);
    expect(new Set(sheets.map((sheet) => sheet.href)).size).toBe(sheets.length);
    for (const [, href] of deferred) expect(sheets.map((sheet) => sheet.href)).toContain(href);

    // The hydrated landing page applies its deferred sheets too, once all of them are in (a sheet
    // the chunk loader adds for a lazily loaded part has no media at all: it applies at once).
    await page.goto('/');
    await expect
      .poll(() =>
        page.evaluate(() => {
          const media = [...document.querySelectorAll<HTMLLinkElement>('link[data-deferred-css]')].map((l) => l.media);
          return media.length > 0 && media.every((each) => each === 'all');
        }),
      )
      .toBe(true);
    await context.close();
  });

  test("a page's messages are fetched alongside its chunks, not one round trip after them", async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/login')).text();
    const chunks = /<meta name="route-chunks" content="([^"]+)"/.exec(html)?.[1]?.split(' ') ?? [];
    expect(chunks.length, 'the frame names its route chunks').toBeGreaterThan(0);
    // The route's last chunk is held back: the app cannot finish evaluating its chunks meanwhile.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**${chunks.at(-1)}`, async (route) => {
      await held;
      await route.continue();
    });
    const catalog = page.waitForRequest(/\/assets\/common-[\w-]+\.js$/, { timeout: 10_000 });
    // The other pages' messages: all of a language in one module (decision 0395).
    const pageCatalogs = page.waitForRequest(/\/assets\/page-catalogs-en-[\w-]+\.js$/, { timeout: 10_000 });
    await page.goto('/login');
    await catalog;
    await pageCatalogs;
    release();
    await expect(page.locator('[data-prerendered-frame]')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('the landing page takes over without setting up number or date formatting (decision 0310)', async ({ page }) => {
    // A page's first Intl number or date format builds the browser's locale tables: 50-90 ms in one
    // task in this Chromium. The price comes formatted from the server; nothing else on the
    // landing page formats a number or a date while it loads.
    await page.addInitScript(() => {
      const calls: string[] = [];
      (window as unknown as { intlCalls: string[] }).intlCalls = calls;
      const count = <T extends object>(name: string, target: T): T =>
        new Proxy(target, {
          construct: (made, args) => {
            calls.push(name);
            return Reflect.construct(made as new (...a: unknown[]) => object, args);
          },
          apply: (fn, self, args) => {
            calls.push(name);
            return Reflect.apply(fn as (...a: unknown[]) => unknown, self, args);
          },
        });
      Intl.NumberFormat = count('Intl.NumberFormat', Intl.NumberFormat);
      Intl.DateTimeFormat = count('Intl.DateTimeFormat', Intl.DateTimeFormat);
      Number.prototype.toLocaleString = count('toLocaleString', Number.prototype.toLocaleString);
      Date.prototype.toLocaleDateString = count('toLocaleDateString', Date.prototype.toLocaleDateString);
    });
    const pages: [string, string, string][] = [
      ['/', HERO, 'Instant Login (Dev)'],
      ['/es', SPANISH_HERO, 'Entrada instantánea (desarrollo)'],
    ];
    for (const [path, hero, instantLogin] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: hero })).toBeVisible();
      // Taken over, the public config read, the lazy parts loaded.
      await expect(page.getByRole('button', { name: instantLogin })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.locator('#pricing')).toContainText('$49');
      expect(await page.evaluate(() => (window as unknown as { intlCalls: string[] }).intlCalls), path).toEqual([]);
    }
  });

  // Hydration used to mismatch (React #418) depending on timing (decision 0071): load the page
  // several times, narrow and wide, once with the lazily loaded chunks held back, and fail on any
  // console error or warning. Each load checks that React adopted the prerendered DOM (the same
  // heading node before and after hydration) and that the page then reacts to input.
  const LOADS = [
    { width: 375, height: 740, slowChunks: false },
    { width: 1280, height: 800, slowChunks: false },
    { width: 375, height: 740, slowChunks: true },
    { width: 1280, height: 800, slowChunks: true },
    { width: 820, height: 1000, slowChunks: false },
  ];
  for (const [index, load] of LOADS.entries()) {
    test(`hydrates without console errors and becomes interactive (load ${index + 1}: ${load.width} px${load.slowChunks ? ', slow chunks' : ''})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport: { width: load.width, height: load.height } });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if ((message.type() === 'error' || message.type() === 'warning') && !blockedWorker(message.text()))
          problems.push(`${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      if (load.slowChunks) {
        // Every script arrives late, so hydration meets lazy parts that are still loading.
        await page.route(/\/assets\/.*\.js$/, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 300));
          await route.continue();
        });
      }
      // Remember the prerendered heading node before any script runs.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { prerenderedHeading: Element | null }).prerenderedHeading =
            document.querySelector('h1');
        });
      });
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
      // Running: the demo-only button appears once the public config has loaded after hydration.
      await expect(page.getByRole('button', { name: 'Instant Login (Dev)' })).toBeVisible();
      const adopted = await page.evaluate(() => {
        const before = (window as unknown as { prerenderedHeading: Element | null }).prerenderedHeading;
        return before !== null && before === document.querySelector('h1') && document.contains(before);
      });
      expect(adopted, 'React hydrated the prerendered heading instead of re-creating it').toBe(true);
      // The pricing form validates in the browser (React handles the submit, no page reload).
      await page.getByRole('button', { name: 'Continue to Checkout' }).click();
      await expect(page.getByText('Information Required')).toBeVisible();
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  test('/es is the Spanish landing page: lang, title, alternates; / follows the browser or the cookie', async ({
    request,
  }) => {
    const spanish = await (await request.get('/es')).text();
    expect(spanish).toContain('<html lang="es"');
    expect(spanish).toContain('<title>Vows &amp; Weeks · Curso de preparación matrimonial en 52 semanas</title>');
    // Full addresses, as search engines take them (the server names PUBLIC_URL's origin).
    expect(spanish).toMatch(alternate('en', '/'));
    expect(spanish).toMatch(alternate('es', '/es'));
    expect(spanish).toMatch(alternate('x-default', '/'));
    expect(spanish).toContain(SPANISH_HERO);
    expect(spanish).not.toContain(HERO);
    const english = await (await request.get('/', { headers: { 'accept-language': 'en-US,en;q=0.9' } })).text();
    expect(english).toContain('<html lang="en"');
    expect(english).toContain(HERO);
    const byBrowser = await request.get('/', { headers: { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' } });
    expect(await byBrowser.text()).toContain(SPANISH_HERO);
    expect(byBrowser.headers().vary).toContain('accept-language');
    const byCookie = await request.get('/', { headers: { 'accept-language': 'es', cookie: 'vw_locale=en' } });
    expect(await byCookie.text()).toContain(HERO);
  });

  test('the Spanish page hydrates without console errors, and the switch goes to English and back', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if ((message.type() === 'error' || message.type() === 'warning') && !blockedWorker(message.text()))
        problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    await page.goto('/es');
    await expect(page.getByRole('heading', { level: 1, name: SPANISH_HERO })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Entrada instantánea (desarrollo)' })).toBeVisible();
    await page.getByRole('button', { name: 'Continuar al pago' }).click();
    await expect(page.getByText('Faltan datos')).toBeVisible();
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await header.getByRole('button', { name: 'Español' }).click();
    await expect(page).toHaveURL(/\/es$/);
    await expect(page.getByRole('heading', { level: 1, name: SPANISH_HERO })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    // Remembered: the next visit to / is Spanish, from the first HTML.
    const html = await (await page.request.get('/')).text();
    expect(html).toContain(SPANISH_HERO);
    expect(problems).toEqual([]);
    await context.close();
  });
  // Decision 0275: every public page has a Spanish address, prerendered in Spanish.
  test('the public pages are prerendered per language: lang, translated title, hreflang, Spanish text', async ({
    request,
  }) => {
    const pages = [
      { path: '/customer-login', title: 'Iniciar sesión', heading: 'Iniciar sesión', english: 'Sign in' },
      { path: '/register', title: 'Crea tu cuenta', heading: 'Crea tu cuenta', english: 'Create' },
      { path: '/checkout', title: 'Pago', heading: null, english: null },
    ];
    for (const { path, title, heading, english } of pages) {
      const spanish = await (await request.get(`/es${path}`)).text();
      expect(spanish, path).toContain('<html lang="es"');
      expect(spanish, path).toContain(`<title>${title}`);
      expect(spanish, path).toMatch(alternate('en', path));
      expect(spanish, path).toMatch(alternate('es', `/es${path}`));
      expect(spanish, path).toMatch(alternate('x-default', path));
      if (heading) expect(spanish, path).toContain(`>${heading}</h1>`);
      // The same address follows the visitor: Accept-Language, then the remembered choice.
      const byBrowser = await (await request.get(path, { headers: { 'accept-language': 'es-MX,es;q=0.9' } })).text();
      expect(byBrowser, path).toContain('<html lang="es"');
      const byCookie = await (
        await request.get(path, { headers: { 'accept-language': 'es', cookie: 'vw_locale=en' } })
      ).text();
      expect(byCookie, path).toContain('<html lang="en"');
      if (english) expect(byCookie, path).toContain(english);
    }
    // The signed-in pages keep one address, in the visitor's language; no other /es/ path exists.
    const dashboard = await (await request.get('/dashboard', { headers: { cookie: 'vw_locale=es' } })).text();
    expect(dashboard).toContain('<html lang="es"');
    expect(dashboard).not.toContain('hreflang');
    expect((await request.get('/es/dashboard')).status()).toBe(404);
  });

  test('a Spanish address stays Spanish in the app, its links keep the language, and the switch moves the address', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if ((message.type() === 'error' || message.type() === 'warning') && !blockedWorker(message.text()))
        problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    await page.goto('/es/customer-login');
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    // The app has taken over (the form is enabled) and kept the address.
    await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeEnabled();
    await expect(page).toHaveURL(/\/es\/customer-login$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page).toHaveTitle(/^Iniciar sesión/);
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'English' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/customer-login');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await header.getByRole('button', { name: 'Español' }).click();
    await expect(page).toHaveURL(/\/es\/customer-login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    // Remembered: the English address of a public page now opens in Spanish, at its Spanish address.
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Crea tu cuenta' })).toBeVisible();
    await expect(page).toHaveURL(/\/es\/register$/);
    expect(problems).toEqual([]);
    await context.close();
  });
});
