import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fsp from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { build } from 'vite';
import type { PublicConfig } from '../src/server/features/public-config/service';
import { t } from '../src/server/features/i18n/translate';
import {
  HINT_PLACEHOLDERS,
  HINT_VARIANTS,
  type HintVariant,
  hintPageFile,
  LANDING_FILES,
  ONBOARDING_PAGE_FILES,
  PAGE_PATHS,
  pageFile,
} from '../src/server/http/pages';
import { BUYER_FIRST_NAME_PLACEHOLDER } from '../src/shared/onboarding-page';
import { hreflangLinks, isLocalizedPagePath, localizedPath } from '../src/shared/i18n/localized-pages';
import { type Locale, LOCALES } from '../src/shared/i18n/locales';
import { SITE_PAGES } from '../src/shared/site-page-list';
import { advertisedPrice } from '../src/shared/money';
import { landingBundle } from './check-bundle-size';
import {
  entryKey,
  pageRouteChunks,
  pageRouteStylesheets,
  readManifest,
  withChunkByChunkEvaluation,
  writeBootModule,
} from './prerender-chunks';
import { criticalCss, withoutUnusedVariables } from './prerender-css';

const root = path.resolve(import.meta.dirname, '..');
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const ROOT_ELEMENT = '<div id="root"></div>';
/** The element after a prerendered frame, which its first paint waits for (decision 0393). */
const FRAME_END_ID = 'vw-frame-end';

/**
 * Build-time prerender of the landing page (docs/benchmarks.md), run by vite.config.ts after the
 * client build:
 * 1. builds scripts/prerender-entry.tsx with Vite in SSR mode (same plugins, so the same CSS-module
 *    class names and route tree) into a temporary folder;
 * 2. renders `/` with it and writes dist/web/index.html with the page inside #root, plus the
 *    landing route's critical CSS inlined (so the page is styled before any script runs); the
 *    route's own chunks are not preloaded (decision 0073, amendment), only named for main.tsx, and
 *    the page starts with the boot module, as the others do (decisions 0182, 0195 and 0206);
 * 3. keeps the empty shell as dist/web/app.html, served for the 404;
 * 4. prerenders every other page path into dist/web/pages/<name>.html (decision 0136): pages whose
 *    content needs the server (the dashboard, the admin screen, the order confirmation) as their
 *    frame and loading skeleton (src/web/page-shells.tsx), the others from their route,
 *    each with the critical CSS of every stylesheet inlined, so something meaningful paints from the
 *    HTML before any script runs, on every page;
 * 5. prerenders the dashboard once more per language with the welcome dialog open
 *    (pages/dashboard.onboarding[.es].html), which the server sends to a couple still to onboard
 *    (decision 0273).
 */
export async function prerenderLanding(webDir: string): Promise<void> {
  const ssrDir = path.join(root, 'dist/prerender');
  await build({
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: path.join(root, 'scripts/prerender-entry.tsx'),
      outDir: ssrDir,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
    },
  });
  const entry = (await import(pathToFileURL(path.join(ssrDir, 'prerender-entry.js')).href)) as {
    renderPage: (path: string, publicConfig?: PublicConfig, locale?: Locale) => Promise<string>;
    renderShell: (path: string, options?: { locale?: Locale }) => Promise<string>;
    renderOnboardingShell: (locale: Locale) => Promise<string>;
    SHELL_PAGES: Record<string, unknown>;
  };
  // The landing page once per language: `/` in English, `/es` in Spanish (decision 0231).
  const landings = {
    en: await entry.renderPage('/', undefined, 'en'),
    es: await entry.renderPage('/es', undefined, 'es'),
  };
  const otherPages: OtherPage[] = [];
  // Every other page once per language (decision 0275): the public pages at their own address
  // (`/es/login`), the signed-in ones at their one address, in the language a Spanish visitor gets.
  for (const locale of LOCALES) {
    for (const pagePath of [...PAGE_PATHS, ...SITE_PAGES.map((page) => page.path)]) {
      // A path with a parameter (`/admin/couples/:coupleId`) is served the empty shell.
      if (pagePath === '/' || pagePath === '/es' || pagePath.includes(':')) continue;
      const file = pageFile(pagePath, locale);
      const page = { pagePath, locale };
      if (pagePath in entry.SHELL_PAGES) {
        otherPages.push({ ...page, file, html: await entry.renderShell(pagePath, { locale }) });
        continue;
      }
      // A page is rendered as an installation without code hints would show it; one that shows them
      // (the sign-in pages) also once per combination, with placeholders (decision 0175).
      const address = localizedPath(pagePath, locale);
      const render = async (variant: HintVariant | null) => {
        const html = await entry.renderPage(address, hintConfig(variant), locale);
        return variant === 'trial' || variant === 'trial-demo' ? withTrialWeeksPlaceholder(html, locale) : html;
      };
      otherPages.push({ ...page, file, html: await render(null) });
      const withHints = await entry.renderPage(address, hintConfig('trial-demo'), locale);
      if (!withHints.includes(HINT_PLACEHOLDERS.demoAccessCode)) continue;
      for (const variant of HINT_VARIANTS) {
        otherPages.push({ ...page, file: hintPageFile(file, variant), html: await render(variant) });
      }
    }
  }
  // A new buyer's first /dashboard, with the welcome dialog open, in each language (decision 0273).
  for (const locale of ['en', 'es'] as const) {
    const html = await entry.renderOnboardingShell(locale);
    if (!html.includes(BUYER_FIRST_NAME_PLACEHOLDER)) throw new Error('The onboarding shell has no first name field.');
    otherPages.push({
      pagePath: '/dashboard',
      locale,
      file: ONBOARDING_PAGE_FILES[locale],
      html,
      shownAtOnce: [ONBOARDING_MODULE],
    });
  }
  fs.rmSync(ssrDir, { recursive: true, force: true });
  // A number formatted from a placeholder or a missing value ("the first NaN weeks") fails the build.
  for (const page of [
    ...otherPages,
    { file: 'index.html', html: landings.en },
    { file: 'index.es.html', html: landings.es },
  ]) {
    if (/\bNaN\b/.test(page.html)) throw new Error(`The prerendered ${page.file} shows "NaN".`);
  }

  const shellFile = path.join(webDir, 'index.html');
  const shell = withLightScheme(fs.readFileSync(shellFile, 'utf8'));
  if (!shell.includes(ROOT_ELEMENT)) throw new Error(`${shellFile} has no empty ${ROOT_ELEMENT}`);
  fs.writeFileSync(path.join(webDir, 'app.html'), shell);
  const bundle = landingBundle(webDir);
  // Every prerendered page, the landing pages included (decision 0195), evaluates the entry's
  // chunks, then its route's, one chunk per task (decisions 0182 and 0206).
  const manifest = readManifest(webDir);
  const chunked = {
    manifest,
    entryFile: manifest[entryKey(manifest)]!.file,
    bootFile: writeBootModule(webDir, manifest),
  };
  for (const locale of ['en', 'es'] as const) {
    const landing = landingHtml(webDir, shell, bundle.css, landings[locale], locale);
    const routeChunks = pageRouteChunks(manifest, locale === 'en' ? '/' : '/es');
    fs.writeFileSync(
      path.join(webDir, LANDING_FILES[locale]),
      withChunkByChunkEvaluation(withoutUnusedVariables(landing), chunked.bootFile, chunked.entryFile, routeChunks),
    );
  }
  writePageShells(webDir, shell, otherPages, chunked);
  // The Spanish dialog's page says so (the shells are English otherwise).
  const spanish = path.join(webDir, ONBOARDING_PAGE_FILES.es);
  fs.writeFileSync(
    spanish,
    fs
      .readFileSync(spanish, 'utf8')
      .replace(/<html([^>]*)\slang="[^"]*"/, (_tag, before: string) => `<html${before} lang="es"`),
  );
  await precompress(webDir);
}

/**
 * The shell with a prerendered landing page in it, in `locale`: `<html lang>`, the translated title
 * and description, and the `hreflang` alternates of both languages (decision 0231).
 */
function landingHtml(webDir: string, shell: string, css: string[], rendered: string, locale: Locale): string {
  // React renders the route's <title> (HeadContent) first in the markup; it belongs in <head>, where
  // the client's React looks for it when hydrating, not at the top of #root.
  const title = /^<title>[^<]*<\/title>/.exec(rendered)?.[0];
  const html = title ? rendered.slice(title.length) : rendered;
  const alternates = [
    '<link rel="alternate" hreflang="en" href="/">',
    '<link rel="alternate" hreflang="es" href="/es">',
    '<link rel="alternate" hreflang="x-default" href="/">',
  ];
  const description = escapeAttribute(t(locale, 'landing.meta.description'));
  const localized = shell
    .replace(/<html([^>]*)\slang="[^"]*"/, (_tag, before: string) => `<html${before} lang="${locale}"`)
    // The English description stays the shell's (its price is the one the server advertises).
    .replace(/(<meta\s+name="description"\s+content=")[^"]*(")/, (all, start: string, end: string) =>
      locale === 'en' ? all : `${start}${description}${end}`,
    )
    .replace('</head>', `  ${alternates.join('\n    ')}\n  </head>`);
  // Each stylesheet of the landing route: the rules the page's HTML can use, inlined (so the first
  // paint waits for no stylesheet), in place of the link they replace, so the cascade is unchanged;
  // the files themselves wait in the head's template until main.tsx links them, then switches them
  // to all media, which brings the rules for what the app shows later (form errors, the mobile
  // menu, toasts). The links also tell Vite's chunk loader the files are already there.
  let styled = localized;
  const appendedCss: string[] = [];
  for (const file of css) {
    const critical = criticalCss(fs.readFileSync(path.join(webDir, file), 'utf8'), html);
    if (/<\/style/i.test(critical)) throw new Error(`${file} contains "</style"`);
    const style = `<style data-critical-css>${critical}</style>`;
    const linked = new RegExp(`<link rel="stylesheet"[^>]*href="/${file.replace(/[.]/g, '\\.')}"[^>]*>`);
    if (linked.test(styled)) styled = styled.replace(linked, () => style);
    else appendedCss.push(style);
  }
  // No modulepreload for the route's lazily loaded chunks: the app requests them when it starts.
  // Preloaded, they were fetched alongside the page and Lighthouse's simulation put them on the
  // path to the first paint (mobile 94 -> 97 without them; decision 0073, amendment).
  const links = [...appendedCss, deferredStylesheets(css.map((file) => `/${file}`))];
  const landing = styled
    .replace(/<title>[^<]*<\/title>/, (shellTitle) => title ?? shellTitle)
    .replace('</head>', `  ${links.join('\n    ')}\n  </head>`)
    // The prerendered page works without JavaScript (sections, anchors, FAQ); no warning needed.
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
    .replace(ROOT_ELEMENT, `<div id="root">${html}</div>`);
  return landing;
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const PRERENDERED_TRIAL_WEEKS = 4;

/**
 * The trial hint's weeks ("the first 4 weeks", "la primera semana") depend on the installation's
 * count, plural included, so the phrase the page was rendered with becomes a placeholder; the
 * server writes its own count's phrase there, from the same catalog (`fillHints`).
 */
function withTrialWeeksPlaceholder(html: string, locale: Locale): string {
  const phrase = t(locale, 'auth.hints.trialWeeks', { count: PRERENDERED_TRIAL_WEEKS });
  if (html.split(phrase).length !== 2) throw new Error(`The trial hint's "${phrase}" is not on the page once.`);
  return html.replace(phrase, HINT_PLACEHOLDERS.trialWeeks);
}

/** The public config a page is prerendered with: the given code hints as placeholders, nothing else. */
function hintConfig(variant: HintVariant | null): PublicConfig {
  const trial = variant === 'trial' || variant === 'trial-demo';
  const demo = variant === 'demo' || variant === 'trial-demo';
  return {
    demoMode: demo,
    trialAccessCode: trial ? HINT_PLACEHOLDERS.trialAccessCode : null,
    // Its phrase ("the first 4 weeks") becomes a placeholder: withTrialWeeksPlaceholder.
    trialWeeks: PRERENDERED_TRIAL_WEEKS,
    demoEmail: demo ? HINT_PLACEHOLDERS.demoEmail : null,
    demoAccessCode: demo ? HINT_PLACEHOLDERS.demoAccessCode : null,
    cardPayments: false,
    priceCents: 0,
    currency: 'usd',
    advertisedPrice: advertisedPrice(0, 'usd'),
  };
}

interface OtherPage {
  pagePath: string;
  locale: Locale;
  file: string;
  html: string;
  /** Modules the route loads on demand that this page shows at once (manifest keys): evaluated with the route's chunks. */
  shownAtOnce?: string[];
}

/** The welcome dialog, which the dashboard loads on demand (decision 0375) and a new buyer's page shows at once. */
const ONBOARDING_MODULE = 'features/dashboard/onboarding-modal.tsx';

/**
 * Writes each page's prerendered HTML into the empty shell (`app.html`'s markup): its route's
 * title when the render carried one, the critical CSS of the entry stylesheets inlined with the
 * files deferred (as on `/`), and the critical CSS of the route stylesheets (the dashboard's, the
 * admin screen's) inlined too, since the skeleton uses their classes before the app loads them.
 */
function writePageShells(
  webDir: string,
  shell: string,
  pages: OtherPage[],
  { manifest, entryFile, bootFile }: { manifest: ReturnType<typeof readManifest>; entryFile: string; bootFile: string },
): void {
  const assets = path.join(webDir, 'assets');
  const linkedCss = [...shell.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g)].map((m) => m[1]!);
  const routeCss = fs
    .readdirSync(assets)
    .filter((file) => file.endsWith('.css'))
    .map((file) => `assets/${file}`)
    .filter((file) => !linkedCss.includes(file))
    .sort();
  for (const { pagePath, locale, file: pageFile, html: rendered, shownAtOnce = [] } of pages) {
    fs.mkdirSync(path.dirname(path.join(webDir, pageFile)), { recursive: true });
    const title = /^<title>[^<]*<\/title>/.exec(rendered)?.[0];
    const html = title ? rendered.slice(title.length) : rendered;
    // The page's language, and for a public page the addresses of both (decision 0275).
    const alternates = isLocalizedPagePath(pagePath) ? hreflangLinks(pagePath) : [];
    let page = shell
      .replace(/<html([^>]*)\slang="[^"]*"/, (_tag, before: string) => `<html${before} lang="${locale}"`)
      .replace('</head>', `  ${alternates.join('\n    ')}\n  </head>`);
    for (const file of linkedCss) {
      const critical = criticalCss(fs.readFileSync(path.join(webDir, file), 'utf8'), html);
      if (/<\/style/i.test(critical)) throw new Error(`${file} contains "</style"`);
      const linked = new RegExp(`<link rel="stylesheet"[^>]*href="/${file.replace(/[.]/g, '\\.')}"[^>]*>`);
      page = page.replace(linked, () => `<style data-critical-css>${critical}</style>`);
    }
    // The frame's placeholders hold still (decision 0296): 64 pulsing skeletons on the dashboard
    // restyled the page on the main thread through the seconds the app needs it for taking over.
    const routeCritical = `${routeCss
      .map((file) => criticalCss(fs.readFileSync(path.join(webDir, file), 'utf8'), html))
      .join('')}[data-prerendered-frame] [data-animate]::after{animation:none}`;
    if (/<\/style/i.test(routeCritical)) throw new Error('A route stylesheet contains "</style"');
    // The full stylesheets, the entry's and then the route's, deferred: the app links them when it
    // starts and applies them all in the commit that replaces this frame (decision 0296), which is
    // then never restyled. Inert in a template until then, they do not share the network with the
    // entry's chunks while the frame is being painted (decision 0397).
    const routeChunks = pageRouteChunks(manifest, pagePath, shownAtOnce);
    const routeSheets = deferredStylesheets([
      ...linkedCss.map((file) => `/${file}`),
      ...pageRouteStylesheets(manifest, routeChunks),
    ]);
    // The frame is drawn whole or not at all: a phone's browser paints as soon as its parser pauses,
    // and a frame drawn half parsed moved as the rest arrived (a new buyer's welcome dialog, centred,
    // grew upwards; a footer drawn in part sat lower). `rel=expect` holds the first paint until the
    // element after the frame is parsed (the HTML standard's render-blocking, decision 0393).
    page = page
      .replace(/<title>[^<]*<\/title>/, (shellTitle) => title ?? shellTitle)
      .replace(
        '</head>',
        () =>
          `  <style data-critical-css>${routeCritical}</style>\n    ${routeSheets}\n    <link rel="expect" href="#${FRAME_END_ID}" blocking="render">\n  </head>`,
      )
      .replace(
        ROOT_ELEMENT,
        `<div id="root">${inertUntilTheAppTakesOver(html)}</div><div id="${FRAME_END_ID}" hidden></div>`,
      );
    page = withChunkByChunkEvaluation(withoutUnusedVariables(page), bootFile, entryFile, routeChunks);
    fs.writeFileSync(path.join(webDir, pageFile), page);
  }
}

/**
 * A page's full stylesheets, print-only links kept inert in a template: nothing is fetched while
 * the page is parsed and painted, and main.tsx links them when the app starts (decision 0397).
 */
function deferredStylesheets(files: string[]): string {
  const links = files.map(
    (file) => `<link rel="stylesheet" crossorigin href="${file}" media="print" data-deferred-css>`,
  );
  return `<template data-deferred-css>${links.join('')}</template>`;
}

/**
 * A page that is not hydrated (every page but `/`) is replaced by the app once its route has
 * loaded, so whatever someone typed into its prerendered form would be lost, and a button pressed
 * before then would submit the plain HTML form: a GET that puts the password in the address. Its
 * form controls are therefore disabled until the app takes over: a disabled fieldset around the
 * page, laid out as if it were not there (`display: contents`). Links keep working.
 */
export function inertUntilTheAppTakesOver(html: string): string {
  return `<fieldset disabled data-prerendered-frame style="display:contents">${html}</fieldset>`;
}

/**
 * Brotli and gzip copies of every text asset, served by @fastify/static's `preCompressed` (the
 * server has no on-the-fly compression): the landing page's 142 KB of gzip JavaScript is ~480 KB raw.
 * Compressed on libuv's thread pool, so every core takes a share (11 s one at a time here, 2 cores).
 */
export async function precompress(webDir: string): Promise<void> {
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? walk(full) : [full];
    });
  const files = walk(webDir).filter((file) => /\.(js|css|html|svg|json|txt|webmanifest)$/.test(file));
  await Promise.all(
    files.map(async (file) => {
      const content = await fsp.readFile(file);
      if (content.length < 1024) return;
      const [br, gz] = await Promise.all([
        brotliAsync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzipAsync(content, { level: 9 }),
      ]);
      await Promise.all([fsp.writeFile(`${file}.br`, br), fsp.writeFile(`${file}.gz`, gz)]);
    }),
  );
}

/** Mantine's light-scheme variables apply before its script sets the attribute (no inline script: CSP). */
function withLightScheme(html: string): string {
  return html.replace(/<html([^>]*)>/, (tag, attributes: string) =>
    attributes.includes('data-mantine-color-scheme') ? tag : `<html${attributes} data-mantine-color-scheme="light">`,
  );
}
