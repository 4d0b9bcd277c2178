import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Absolute path from the repository root. The router plugin resolves relative paths against Vite's
 * root (src/web), not the working directory, so every path here is absolute.
 */
const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: fromRoot('src/web'),
  plugins: [
    // The router plugin must come before the React plugin: it generates the route tree and splits each route.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: fromRoot('src/web/routes'),
      generatedRouteTree: fromRoot('src/web/routeTree.gen.ts'),
    }),
    react(),
  ],
  build: {
    outDir: fromRoot('dist/web'),
    emptyOutDir: true,
    // dist/web/.vite/manifest.json: which chunks each route loads (scripts/check-bundle-size.ts reads it).
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries in their own chunks: they change less often than the app, so browsers keep them cached.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'mantine', test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll.*|react-transition-group|use-sidecar|use-callback-ref|react-style-singleton|clsx)[\\/]/, priority: 2 },
            { name: 'data', test: /node_modules[\\/](@tanstack|@trpc|zod)[\\/]/, priority: 1 },
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
