import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { landingBundle } from './check-bundle-size';
import { criticalCss } from './prerender-css';

const root = path.resolve(import.meta.dirname, '..');
const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * Build-time prerender of the landing page (docs/benchmarks.md), run by vite.config.ts after the
 * client build:
 * 1. builds scripts/prerender-entry.tsx with Vite in SSR mode (same plugins, so the same CSS-module
 *    class names and route tree) into a temporary folder;
 * 2. renders `/` with it and writes dist/web/index.html with the page inside #root, plus the
 *    landing route's critical CSS inlined (so the page is styled before any script runs); the
 *    route's own chunks are not preloaded (decision 0073, amendment);
 * 3. keeps the empty shell as dist/web/app.html, served for every other page path and the 404.
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
    renderPage: (path: string) => Promise<string>;
  };
  const rendered = await entry.renderPage('/');
  fs.rmSync(ssrDir, { recursive: true, force: true });
  // React renders the route's <title> (HeadContent) first in the markup; it belongs in <head>, where
  // the client's React looks for it when hydrating, not at the top of #root.
  const title = /^<title>[^<]*<\/title>/.exec(rendered)?.[0];
  const html = title ? rendered.slice(title.length) : rendered;

  const shellFile = path.join(webDir, 'index.html');
  const shell = withLightScheme(fs.readFileSync(shellFile, 'utf8'));
  if (!shell.includes(ROOT_ELEMENT)) throw new Error(`${shellFile} has no empty ${ROOT_ELEMENT}`);
  fs.writeFileSync(path.join(webDir, 'app.html'), shell);

  const bundle = landingBundle(webDir);
  // Each stylesheet of the landing route: the rules the page's HTML can use, inlined (so the first
  // paint waits for no stylesheet), then the file itself as a print stylesheet, which does not block
  // rendering; main.tsx switches it to all media, which brings the rules for what the app shows
  // later (form errors, the mobile menu, toasts). The link also tells Vite's chunk loader the file
  // is already there. Same order as the links they replace, so the cascade is unchanged.
  let styled = shell;
  const appendedCss: string[] = [];
  for (const file of bundle.css) {
    const critical = criticalCss(fs.readFileSync(path.join(webDir, file), 'utf8'), html);
    if (/<\/style/i.test(critical)) throw new Error(`${file} contains "</style"`);
    const tags = `<style data-critical-css>${critical}</style>\n    <link rel="stylesheet" crossorigin href="/${file}" media="print" data-deferred-css>`;
    const linked = new RegExp(`<link rel="stylesheet"[^>]*href="/${file.replace(/[.]/g, '\\.')}"[^>]*>`);
    if (linked.test(styled)) styled = styled.replace(linked, () => tags);
    else appendedCss.push(tags);
  }
  // No modulepreload for the route's lazily loaded chunks: the app requests them when it starts.
  // Preloaded, they were fetched alongside the page and Lighthouse's simulation put them on the
  // path to the first paint (mobile 94 -> 97 without them; decision 0073, amendment).
  const links = appendedCss;
  const landing = styled
    .replace(/<title>[^<]*<\/title>/, (shellTitle) => title ?? shellTitle)
    .replace('</head>', `  ${links.join('\n    ')}\n  </head>`)
    // The prerendered page works without JavaScript (sections, anchors, FAQ); no warning needed.
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
    .replace(ROOT_ELEMENT, `<div id="root">${html}</div>`);
  fs.writeFileSync(shellFile, landing);
  precompress(webDir);
}

/**
 * Brotli and gzip copies of every text asset, served by @fastify/static's `preCompressed` (the
 * server has no on-the-fly compression): the landing page's 142 KB of gzip JavaScript is ~480 KB raw.
 */
export function precompress(webDir: string): void {
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? walk(full) : [full];
    });
  for (const file of walk(webDir)) {
    if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
    const content = fs.readFileSync(file);
    if (content.length < 1024) continue;
    fs.writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    fs.writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  }
}

/** Mantine's light-scheme variables apply before its script sets the attribute (no inline script: CSP). */
function withLightScheme(html: string): string {
  return html.replace(/<html([^>]*)>/, (tag, attributes: string) =>
    attributes.includes('data-mantine-color-scheme') ? tag : `<html${attributes} data-mantine-color-scheme="light">`,
  );
}
