import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { mantineIdsFromReact } from './scripts/lib/mantine-ids-plugin';

/**
 * Absolute path from the repository root. The router plugin resolves relative paths against Vite's
 * root (src/web), not the working directory, so every path here is absolute.
 */
const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * After the client build, prerender the landing page into dist/web/index.html (scripts/prerender.ts).
 * Not for the SSR build that step runs itself, and not for the dev server.
 */
function prerenderLandingPage(): Plugin {
  let ssr = false;
  let outDir = '';
  return {
    name: 'vows:prerender-landing',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
      outDir = config.build.outDir;
    },
    async closeBundle() {
      if (ssr) return;
      // Through tsx, not import(): Vite's config loader would bundle the prerender's whole graph
      // (server code included) into the config, and warn about each of its imports.
      const { tsImport } = await import('tsx/esm/api');
      const { prerenderLanding } = (await tsImport(
        './scripts/prerender.ts',
        import.meta.url,
      )) as typeof import('./scripts/prerender');
      await prerenderLanding(outDir);
    },
  };
}

/**
 * The message catalogs (src/locales/<locale>/<area>.json, ICU strings) compiled by Lingui's own
 * compiler as they are imported, so the browser gets ready-to-run messages and no ICU parser
 * (decision 0231). The output is JSON still, for Vite's JSON plugin; a bad ICU string fails the build.
 */
export function compileCatalogs(): Plugin {
  return {
    name: 'vows:compile-catalogs',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]src[\\/]locales[\\/][a-z]{2}[\\/][a-z-]+\.json$/.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([key, message]) => [key, compileMessageOrThrow(message)]),
      );
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

/** The app's colour: the favicon's tile, the header's brand. */
export const THEME_COLOR = '#9a4576';

/**
 * The installable app (issue 36, decisions 0265 and 0266): the web app manifest and the service
 * worker built from src/web/sw/sw.ts with Workbox's injectManifest (the build's JS, CSS and icons
 * precached; the admin area's chunks left out). The page registers the worker itself, lazily
 * (src/web/features/offline), so nothing is injected into the HTML; index.html links the manifest.
 */
function installableApp() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'sw',
    filename: 'sw.ts',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    includeManifestIcons: false,
    manifest: {
      id: '/dashboard',
      name: 'Vows & Weeks',
      short_name: 'Vows & Weeks',
      description: 'A 52-week marriage-preparation course: one short lesson and workbook a week.',
      lang: 'en',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: THEME_COLOR,
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ],
    },
    injectManifest: {
      globPatterns: ['assets/**/*.{js,css,woff2}', 'icons/*.png', 'favicon.svg'],
      // The admin area is never kept for offline use (its routes' chunks and the admin-only parts).
      globIgnores: ['assets/admin*', 'assets/-admin*', '**/*.br', '**/*.gz'],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
  });
}

export default defineConfig({
  root: fromRoot('src/web'),
  plugins: [
    // The router plugin must come before the React plugin: it generates the route tree and splits each route.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Split loaders and pending components too, so a page's data code and skeletons (and what they
      // import) load with that page, never in the entry chunk the landing page pays for.
      codeSplittingOptions: {
        defaultBehavior: [['loader'], ['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
      },
      routesDirectory: fromRoot('src/web/routes'),
      generatedRouteTree: fromRoot('src/web/routeTree.gen.ts'),
    }),
    react(),
    compileCatalogs(),
    mantineIdsFromReact(),
    prerenderLandingPage(),
    installableApp(),
  ],
  build: {
    outDir: fromRoot('dist/web'),
    emptyOutDir: true,
    // dist/web/.vite/manifest.json: which chunks each route loads (scripts/check-bundle-size.ts reads it).
    manifest: true,
    rolldownOptions: {
      output: {
        // React alone in its own long-cached chunk. Mantine, TanStack and zod are left to the
        // bundler: a catch-all group would drag what one page uses (Dropzone, forms, zod) into the
        // chunk every page loads.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // React DOM's start, in a chunk of its own that the boot module evaluates in its own task (decision 0384).
            { name: 'react-dom-client', test: /[\\/]src[\\/]web[\\/]react-dom-client\.ts$/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
});
