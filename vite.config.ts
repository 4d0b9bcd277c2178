import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
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
