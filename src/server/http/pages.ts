import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlibConstants, gzip, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC_CONFIG_ELEMENT_ID } from '../../shared/constants';
import { LOCALIZED_PAGE_PATHS, localizedPath } from '../../shared/i18n/localized-pages';
import {
  acceptLanguageList,
  chooseLocale,
  LOCALES,
  type Locale,
  type MessageId,
  type MessageValues,
} from '../../shared/i18n/locales';
import { withAdvertisedPrice } from '../../shared/money';
import { SITE_PAGES } from '../../shared/site-pages';
import {
  AWAITING_NAMES_ATTRIBUTE,
  BUYER_FIRST_NAME_PLACEHOLDER,
  INITIAL_PROFILE_ELEMENT_ID,
} from '../../shared/onboarding-page';
import { dashboardGreeting, needsOnboarding, type Profile } from '../../shared/profile-rules';
import type { AppDeps } from '../deps/app-deps';
import { sessionToken } from '../features/auth/session-cookie';
import { localeOfAccount } from '../features/i18n/locale';
import { t } from '../features/i18n/translate';
import { getProfileForDashboard } from '../features/profile/service';
import type { PublicConfig } from '../features/public-config/service';
import { isSitePagePublished } from '../features/site-pages/service';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type PageEncoding = 'br' | 'gzip';

/** The smallest brotli window (10-24 bits) that holds `size` bytes. */
export function windowBitsFor(size: number): number {
  return Math.min(24, Math.max(10, Math.ceil(Math.log2(size + 1))));
}

/**
 * How hard a page made per request (a couple's dashboard, see PageBytes) is compressed: each
 * encoder's fastest level, brotli quality 1 and gzip level 1 (decision 0396). The dashboard's 62 KB
 * become 14.1 KB in about 0.6 ms, where quality 4 took 1.7 ms for 12.1 KB.
 */
export const PER_REQUEST_BROTLI_QUALITY = 1;
export const PER_REQUEST_GZIP_LEVEL = 1;

/**
 * A page's HTML, made on its first request (decision 0188): read from the build and filled with the
 * installation's config, kept as bytes (a string would be encoded to UTF-8 again on every answer:
 * 126 KB for the prerendered landing page), and encoded in brotli or gzip on the first request
 * that accepts each, in the thread pool, then kept; requests meanwhile share the encoding in
 * flight. Making the ~18 pages and their encodings at start cost about 1.1 s of CPU and memory an
 * idle server kept, and a page nobody asks for in gzip is never gzipped.
 */

export class PageBytes {
  private plain: Buffer | null = null;
  private readonly encoded = new Map<PageEncoding, Promise<Buffer>>();

  /**
   * `perRequest`: a page made for one request (a couple's dashboard) is compressed at the encoders'
   * fastest levels (PER_REQUEST_BROTLI_QUALITY) rather than brotli's default 11 (about 70 ms), which
   * pays only for a page encoded once and kept; and in the request's own turn
   * on the main thread, not in libuv's thread pool, whose one queue it shared with the downloads'
   * file reads: under the load test the page waited there, three times as long as the other reads
   * (decision 0389).
   */
  constructor(
    private readonly make: () => string,
    private readonly options: { perRequest?: boolean } = {},
  ) {}

  bytes(): Buffer {
    this.plain ??= Buffer.from(this.make());
    return this.plain;
  }

  encoding(kind: PageEncoding): Promise<Buffer> {
    let made = this.encoded.get(kind);
    if (!made) {
      const bytes = this.bytes();
      const brotli = {
        params: {
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          // A window no larger than the page: the same output, without the encoder's default
          // 4 MB window and the tables sized for it (memory the thread pool would keep).
          [zlibConstants.BROTLI_PARAM_LGWIN]: windowBitsFor(bytes.length),
          ...(this.options.perRequest ? { [zlibConstants.BROTLI_PARAM_QUALITY]: PER_REQUEST_BROTLI_QUALITY } : {}),
        },
      };
      if (this.options.perRequest)
        return Promise.resolve(
          kind === 'br' ? brotliCompressSync(bytes, brotli) : gzipSync(bytes, { level: PER_REQUEST_GZIP_LEVEL }),
        );
      made = kind === 'br' ? brotliAsync(bytes, brotli) : gzipAsync(bytes);
      // A failed encoding is not kept: the next request tries again.
      made.catch(() => this.encoded.delete(kind));
      this.encoded.set(kind, made);
    }
    return made;
  }

  /** Whether the page has been made, and which encodings (tests: nothing before it is asked for). */
  made(): { bytes: boolean; encodings: PageEncoding[] } {
    return { bytes: this.plain !== null, encodings: [...this.encoded.keys()] };
  }
}

/**
 * The page with the installation's public config in a JSON data block (never run as a script, so
 * the CSP allows it): pages that show the code hints have them at once, without a request and
 * without the layout shift of the hints arriving later. `<` is escaped so no value can end the
 * block early.
 */
export function withPublicConfig(html: string, config: PublicConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  // The build prerendered the default price; the pages advertise the configured one.
  return withAdvertisedPrice(html, config.advertisedPrice).replace(
    '</head>',
    `<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">${json}</script></head>`,
  );
}

/**
 * The build writes a page's `hreflang` alternates as paths (`/es/login`); search engines take only
 * full addresses, so the server names the site's own (PUBLIC_URL) in front of them.
 */
export function withAbsoluteAlternates(html: string, publicUrl: string): string {
  const site = publicUrl.replace(/\/+$/, '');
  return html.replace(/(<link rel="alternate" hreflang="[^"]+" href=")(\/[^"]*")/g, `$1${site}$2`);
}

/**
 * The sign-in pages show the installation's trial and demo hints (docs/product.md#demo-mode), which
 * the build cannot know. It prerenders such a page once per combination of hints, with these
 * placeholders in place of the values (scripts/prerender.ts); the server serves the combination of
 * its configuration with the values filled in, so the hints paint from the HTML like the rest of the
 * page (they were the page's largest text, painted only once the app had loaded: decision 0175).
 */
export const HINT_PLACEHOLDERS = {
  trialAccessCode: 'VW-HINT-TRIAL-CODE',
  trialWeeks: 'VW-HINT-TRIAL-WEEKS',
  demoEmail: 'VW-HINT-DEMO-EMAIL',
  demoAccessCode: 'VW-HINT-DEMO-CODE',
} as const;

type HintConfig = Pick<PublicConfig, 'trialAccessCode' | 'trialWeeks' | 'demoEmail' | 'demoAccessCode'>;
export type HintVariant = 'trial' | 'demo' | 'trial-demo';
export const HINT_VARIANTS: HintVariant[] = ['trial', 'demo', 'trial-demo'];

/** Which hints a configuration shows, as AccessCodeHints decides; null for none. */
export function hintVariantOf(config: HintConfig): HintVariant | null {
  const trial = Boolean(config.trialAccessCode);
  const demo = Boolean(config.demoEmail && config.demoAccessCode);
  return trial && demo ? 'trial-demo' : trial ? 'trial' : demo ? 'demo' : null;
}

/** The prerendered file of a page with one combination of hints, beside the page's own file. */
export function hintPageFile(pageFile: string, variant: HintVariant): string {
  return pageFile.replace(/\.html$/, `.hints-${variant}.html`);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The hint placeholders of a prerendered page replaced by the configuration's values, escaped; the
 * trial's weeks as the page's language says them ("the first week", "las primeras 4 semanas").
 */
export function fillHints(html: string, config: HintConfig, locale: Locale): string {
  const values = { ...config, trialWeeks: t(locale, 'auth.hints.trialWeeks', { count: config.trialWeeks }) };
  return (Object.keys(HINT_PLACEHOLDERS) as (keyof typeof HINT_PLACEHOLDERS)[]).reduce(
    (page, key) => page.replaceAll(HINT_PLACEHOLDERS[key], escapeHtml(String(values[key] ?? ''))),
    html,
  );
}

/**
 * The page paths of docs/product.md#pages-and-routes; every other non-API path gets the app with
 * status 404.
 */
export const PAGE_PATHS = [
  '/',
  // The landing page in Spanish (decision 0231).
  '/es',
  '/checkout',
  '/success',
  // Gifts (decision 0242): the form, the buyer's receipt, the couple's redeem page.
  '/gift',
  '/gift/sent',
  '/redeem',
  '/login',
  '/register',
  '/admin-login',
  '/customer-login',
  '/dashboard',
  // "What we each expect" (issue 41).
  '/expectations',
  '/admin',
  '/admin/content',
  '/admin/orders',
  '/admin/couples',
  // A page with a parameter: Fastify's `:name` for the route file's `$name`.
  '/admin/couples/:coupleId',
  '/admin/messages',
  '/admin/outbox',
  '/admin/coupons',
  '/admin/gifts',
  '/admin/overview',
  '/admin/settings',
  '/admin/inventory',
  '/admin/certificates',
  // An invite to the other partner, `#code=` (docs/product.md#partner-sign-ins; `/invite/CODE` redirects, 0370).
  '/invite',
  // A certificate's check: the code typed in (a county clerk with the paper in hand), or from the QR code.
  '/verify',
  '/verify/:code',
  // Facilitators (issue 38): their area (and the seller's invitation, #token=), the couple's page.
  '/facilitator',
  '/mentor',
  '/admin/facilitators',
] as const;

/**
 * The file of a page's prerendered HTML in a language (scripts/prerender.ts), in the web build
 * folder: `pages/login.html`, `pages/login.es.html` (decision 0275).
 */
export function pageFile(pagePath: string, locale: Locale): string {
  return `pages/${pagePath.slice(1)}${locale === 'en' ? '' : `.${locale}`}.html`;
}

/** The prerendered landing page of each language (scripts/prerender.ts), in the web build folder. */
export const LANDING_FILES: Record<Locale, string> = { en: 'index.html', es: 'index.es.html' };

/** A new buyer's first /dashboard, with the welcome dialog open, per language (decision 0273). */
export const ONBOARDING_PAGE_FILES: Record<Locale, string> = {
  en: 'pages/dashboard.onboarding.html',
  es: 'pages/dashboard.onboarding.es.html',
};

/**
 * The onboarding page for one couple: the buyer's first name in the dialog's field (escaped), and
 * the profile in a JSON data block (never run as a script, so the CSP allows it; `<` escaped so no
 * value can end the block early) for the app's first render.
 */
export function onboardingPageFor(template: string, profile: Profile & { buyerFirstName?: string }): string {
  return withInitialProfile(
    template.replaceAll(BUYER_FIRST_NAME_PLACEHOLDER, escapeHtml(profile.buyerFirstName ?? '')),
    profile,
  );
}

/** The page with the couple's profile in its JSON data block (`<` escaped, so no value can end it). */
function withInitialProfile(html: string, profile: Profile & { buyerFirstName?: string }): string {
  const json = JSON.stringify(profile).replace(/</g, '\\u003c');
  return html.replace(
    '</head>',
    `<script type="application/json" id="${INITIAL_PROFILE_ELEMENT_ID}">${json}</script></head>`,
  );
}

/**
 * An onboarded couple's dashboard (decision 0279): the usual frame, its heading greeting both
 * partners by name (escaped) as the app's header does, and the profile in the data block so the
 * app's first render says the same. The names are the page's largest text, painted with the HTML
 * instead of after the profile request. A frame whose heading is not the expected one is sent as it is.
 */
export function greetedDashboardPageFor(template: string, profile: Profile, locale: Locale): string {
  const translate = (id: MessageId, values?: MessageValues) => t(locale, id, values);
  const frameHeading = `>${escapeHtml(dashboardGreeting(translate, undefined))}</h1>`;
  const end = template.indexOf(frameHeading);
  const start = template.lastIndexOf('<h1', end);
  if (end === -1 || start === -1) return template;
  // The heading with the names is as tall as they are, as the app's is: not two lines on a phone.
  const openingTag = template.slice(start, end).replace(` ${AWAITING_NAMES_ATTRIBUTE}="true"`, '');
  const greeting = `>${escapeHtml(dashboardGreeting(translate, profile))}</h1>`;
  return withInitialProfile(
    template.slice(0, start) + openingTag + greeting + template.slice(end + frameHeading.length),
    profile,
  );
}

/**
 * The dashboard for a signed-in couple: with the welcome dialog while it is still to do, in their
 * account's language; else the usual frame greeting them by name. Null for anyone else (the usual
 * frame). Never throws: a failure serves the usual frame.
 */
async function coupleDashboardPage(
  deps: AppDeps,
  req: FastifyRequest,
  onboardingTemplates: Partial<Record<Locale, string>>,
  usual: Record<Locale, PageBytes>,
): Promise<PageBytes | null> {
  try {
    const auth = await deps.sessions.resolve(sessionToken(req));
    if (auth.kind !== 'couple') return null;
    const profile = await getProfileForDashboard(deps, auth);
    if (needsOnboarding(profile)) {
      const template = onboardingTemplates[await localeOfAccount(deps.db, auth.accountId)] ?? onboardingTemplates.en;
      return template ? new PageBytes(() => onboardingPageFor(template, profile), { perRequest: true }) : null;
    }
    // In the language the app will start in (cookie, then Accept-Language), as the usual page is.
    const locale = requestLocale(req);
    const frame = usual[locale].bytes().toString('utf8');
    return new PageBytes(() => greetedDashboardPageFor(frame, profile, locale), { perRequest: true });
  } catch {
    return null;
  }
}

/**
 * The language a page is served in: `/es` is Spanish; otherwise the visitor's remembered choice
 * (cookie), then their browser's Accept-Language (the same rule the app starts with).
 */
export function requestLocale(req: FastifyRequest): Locale {
  return chooseLocale({
    pathname: req.url.split('?')[0] ?? '/',
    cookie: req.headers.cookie,
    preferences: acceptLanguageList(req.headers['accept-language']),
  });
}

/**
 * Pages that exist only once the seller has written them (the Refund Policy, Privacy Policy, Terms
 * of Service and FAQ, docs/product.md#pages-and-routes): 200 when saved, the 404 page before.
 */
export const CONDITIONAL_PAGE_PATHS = SITE_PAGES.map((page) => page.path);

/** Files of the build a browser must revalidate on every use: the service worker and the app manifest. */
export const UNCACHED_FILES: ReadonlySet<string> = new Set(['sw.js', 'manifest.webmanifest']);

const NOT_BUILT_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Vows &amp; Weeks</title></head>
<body><main><h1>The web app is not built yet</h1><p>Run <code>npm run build</code>, or use <code>npm start</code>, which builds it.</p></main></body></html>`;

/** Every file of the build as its URL path (`/assets/x.js`), leaving out any under a name with a dot first. */
function builtFiles(webDir: string): ReadonlySet<string> {
  const files = new Set<string>();
  const walk = (dir: string, prefix: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const url = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), url);
      else if (entry.isFile()) files.add(url);
    }
  };
  walk(webDir, '');
  return files;
}

/**
 * Serves the built web app: hashed assets cached for a year, HTML never cached, every page path
 * prerendered (`/` in full, the others as their frame and skeleton) with 200, and the app shell
 * for everything else (the app then shows its 404 page) with 404.
 */
export async function registerPages(
  app: FastifyInstance,
  webDir: string,
  publicConfig: PublicConfig,
  publicUrl: string,
): Promise<void> {
  const withConfig = (html: string, config: PublicConfig) =>
    withAbsoluteAlternates(withPublicConfig(html, config), publicUrl);
  const shellFile = path.join(webDir, 'index.html');
  // The build prerenders `/` into index.html and keeps the empty shell as app.html for every other
  // page (scripts/prerender.ts); a build without that step has only index.html, served for all.
  const appShellFile = path.join(webDir, 'app.html');
  const built = fs.existsSync(shellFile);
  const landing = () => withConfig(built ? fs.readFileSync(shellFile, 'utf8') : NOT_BUILT_HTML, publicConfig);
  const spanishFile = path.join(webDir, LANDING_FILES.es);
  const spanishLanding = new PageBytes(() =>
    fs.existsSync(spanishFile) ? withConfig(fs.readFileSync(spanishFile, 'utf8'), publicConfig) : landing(),
  );
  // The empty shell answers every unknown path (404), so it is made now.
  const shell = fs.existsSync(appShellFile)
    ? withConfig(fs.readFileSync(appShellFile, 'utf8'), publicConfig)
    : landing();

  if (built) {
    await app.register(fastifyStatic, {
      root: webDir,
      index: false,
      // Only reply.sendFile, from the one route below.
      serve: false,
      dotfiles: 'ignore',
      // The build writes .br and .gz copies of the assets (scripts/prerender.ts).
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        // The service worker and the manifest are checked on every visit (decision 0265): a new
        // build's worker is found at once, never after an hour of an old copy. The worker sits at the
        // root, so its scope is the whole site without a Service-Worker-Allowed header.
        const name = path.basename(filePath);
        if (UNCACHED_FILES.has(name)) reply.header('cache-control', 'no-cache');
        if (name === 'manifest.webmanifest') reply.header('content-type', 'application/manifest+json; charset=utf-8');
      },
    });
    // One route for every file of the build (a route per file, about 380 of them with their .br
    // and .gz copies, held about 12 MB of a started server's memory: issue 26, decision 0176),
    // answered from the list of the build's files made now. The plugin's own catch-all route read
    // the folders of the requested path on every request, to refuse a path spelt in other letter
    // cases; an exact name in this list is spelt as on disk (decision 0294). A path not in it goes
    // to the not-found handler below, as any unknown path does.
    const files = builtFiles(webDir);
    app.route({
      method: ['GET', 'HEAD'],
      url: '/*',
      handler: (request, reply) => {
        const pathname = request.url.split('?', 1)[0]!;
        return files.has(pathname) ? reply.sendFile(pathname.slice(1)) : reply.callNotFound();
      },
    });
  }

  const sendPage = async (req: FastifyRequest, reply: FastifyReply, html: PageBytes) => {
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding, accept-language, cookie')
      .type('text/html; charset=utf-8');
    // The prerendered landing page is ~125 KB of HTML (15 KB as brotli): compressed when accepted.
    const accepted = String(req.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(await html.encoding('br'));
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(await html.encoding('gzip'));
    return reply.send(html.bytes());
  };

  /**
   * A page's HTML in each language: its prerendered file (decision 0136), in the combination of
   * code hints the configuration shows (decision 0175), in that language (decision 0275); a build
   * without them serves the English file, else the empty shell.
   */
  const variant = hintVariantOf(publicConfig);
  const pageInLanguages = (pagePath: string): Record<Locale, PageBytes> => {
    const fileOf = (locale: Locale) => {
      const ownFile = path.join(webDir, pageFile(pagePath, locale));
      const hintFile = variant && hintPageFile(ownFile, variant);
      return hintFile && fs.existsSync(hintFile) ? hintFile : ownFile;
    };
    const make = (locale: Locale) => () => {
      const fileLocale = ([locale, 'en'] as const).find((candidate) => built && fs.existsSync(fileOf(candidate)));
      if (!fileLocale) return shell;
      return withConfig(fillHints(fs.readFileSync(fileOf(fileLocale), 'utf8'), publicConfig, fileLocale), publicConfig);
    };
    return Object.fromEntries(LOCALES.map((locale) => [locale, new PageBytes(make(locale))])) as Record<
      Locale,
      PageBytes
    >;
  };
  const englishLanding = new PageBytes(landing);
  for (const pagePath of PAGE_PATHS) {
    if (pagePath === '/es') {
      app.get(pagePath, async (req, reply) => sendPage(req, reply, spanishLanding));
    } else if (pagePath === '/') {
      // `/` in the visitor's language (cookie, then Accept-Language); `/es` is always Spanish.
      app.get(pagePath, async (req, reply) =>
        sendPage(req, reply, requestLocale(req) === 'es' ? spanishLanding : englishLanding),
      );
    } else if (pagePath === '/dashboard') {
      // A couple's: a new buyer's first visit with the welcome dialog in it (decision 0273), an
      // onboarded couple's greeting them by name (decision 0279); anyone else's, the usual frame.
      const templates: Partial<Record<Locale, string>> = {};
      for (const locale of ['en', 'es'] as const) {
        const file = path.join(webDir, ONBOARDING_PAGE_FILES[locale]);
        if (built && fs.existsSync(file)) templates[locale] = withConfig(fs.readFileSync(file, 'utf8'), publicConfig);
      }
      const html = pageInLanguages(pagePath);
      app.get(pagePath, async (req, reply) =>
        sendPage(req, reply, (await coupleDashboardPage(app.deps, req, templates, html)) ?? html[requestLocale(req)]),
      );
    } else {
      // In the visitor's language (cookie, then Accept-Language); a public page's Spanish address
      // below is always Spanish.
      const html = pageInLanguages(pagePath);
      app.get(pagePath, async (req, reply) => sendPage(req, reply, html[requestLocale(req)]));
      if ((LOCALIZED_PAGE_PATHS as readonly string[]).includes(pagePath)) {
        app.get(localizedPath(pagePath, 'es'), async (req, reply) => sendPage(req, reply, html.es));
      }
    }
  }
  app.get<{ Params: { code: string } }>('/invite/:code', async (req, reply) =>
    reply.header('cache-control', 'no-store').redirect(`/invite#code=${encodeURIComponent(req.params.code)}`),
  );
  for (const { path: pagePath, slug } of SITE_PAGES) {
    const html = pageInLanguages(pagePath);
    const send = (locale: Locale) => async (req: FastifyRequest, reply: FastifyReply) => {
      if (await isSitePagePublished(app.deps.db, slug)) return sendPage(req, reply, html[locale]);
      return reply.code(404).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(shell);
    };
    app.get(pagePath, async (req, reply) => send(requestLocale(req))(req, reply));
    app.get(localizedPath(pagePath, 'es'), send('es'));
  }

  app.setNotFoundHandler(async (req, reply) => {
    const isApi = req.url === '/api' || req.url.startsWith('/api/') || req.url.startsWith('/api?');
    if (isApi || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.code(404).send({ message: `No such endpoint: ${req.method} ${req.url.split('?')[0]}` });
    }
    return reply.code(404).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(shell);
  });
}
