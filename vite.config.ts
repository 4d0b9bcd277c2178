import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { defineConfig, type Plugin } from 'vite';

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
      const { prerenderLanding } = await import('./scripts/prerender');
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
    prerenderLandingPage(),
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
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
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
