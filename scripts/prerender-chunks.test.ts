import { describe, expect, it } from 'vitest';
import {
  evaluationOrder,
  pageRouteChunks,
  pageRouteStylesheets,
  routeChunkKeys,
  withChunkByChunkEvaluation,
} from './prerender-chunks';

const manifest = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_react.js', '_router.js'],
    dynamicImports: ['components/toasts.tsx', 'routes/admin-login.tsx?tsr-split=component'],
    css: ['assets/index-1.css'],
  },
  'components/toasts.tsx': { file: 'assets/toasts-1.js', css: ['assets/toasts-1.css'] },
  '_react.js': { file: 'assets/react-1.js' },
  '_router.js': { file: 'assets/router-1.js', imports: ['_react.js'] },
  '_box.js': { file: 'assets/Box-1.js', imports: ['_react.js'] },
  '_schemas.js': { file: 'assets/schemas-1.js' },
  '_layout.js': { file: 'assets/admin-layout-1.js', imports: ['_box.js', 'index.html'], css: ['assets/layout-1.css'] },
  'routes/admin.tsx?tsr-split=component': { file: 'assets/admin-1.js', imports: ['_layout.js'] },
  'routes/admin.index.tsx?tsr-split=component': {
    file: 'assets/admin.index-1.js',
    imports: ['_schemas.js', '_layout.js', '_box.js'],
    css: ['assets/admin.index-1.css', 'assets/layout-1.css'],
  },
  'routes/admin.index.tsx?tsr-split=loader': { file: 'assets/admin.index-2.js', imports: ['_schemas.js'] },
  'routes/admin-login.tsx?tsr-split=component': {
    file: 'assets/admin-login-1.js',
    imports: ['_box.js'],
    css: ['assets/admin-login-1.css'],
  },
  'routes/index.tsx?tsr-split=component': { file: 'assets/routes-1.js', imports: ['_box.js', 'index.html'] },
};

describe('chunk-by-chunk evaluation (decision 0182)', () => {
  it('orders each chunk after the chunks it imports, as the browser evaluates them', () => {
    expect(evaluationOrder(manifest, ['index.html'], new Set())).toEqual([
      '/assets/react-1.js',
      '/assets/router-1.js',
      '/assets/index-1.js',
    ]);
  });

  it("gives a page its routes' chunks beyond the entry's, the parent route's first", () => {
    expect(routeChunkKeys(manifest, '/admin')).toEqual([
      'routes/admin.tsx?tsr-split=component',
      'routes/admin.index.tsx?tsr-split=component',
      'routes/admin.index.tsx?tsr-split=loader',
    ]);
    expect(pageRouteChunks(manifest, '/admin')).toEqual([
      '/assets/Box-1.js',
      '/assets/admin-layout-1.js',
      '/assets/admin-1.js',
      '/assets/schemas-1.js',
      '/assets/admin.index-1.js',
      '/assets/admin.index-2.js',
    ]);
  });

  it("links a page's route stylesheets in the chunk loader's order, then the lazy parts', never another route's (decision 0296)", () => {
    expect(pageRouteStylesheets(manifest, pageRouteChunks(manifest, '/admin'))).toEqual([
      '/assets/layout-1.css',
      '/assets/admin.index-1.css',
      '/assets/toasts-1.css',
    ]);
  });

  it('gives the landing page `/` the chunks of routes/index.tsx (decision 0195)', () => {
    expect(routeChunkKeys(manifest, '/')).toEqual(['routes/index.tsx?tsr-split=component']);
    expect(pageRouteChunks(manifest, '/')).toEqual(['/assets/Box-1.js', '/assets/routes-1.js']);
  });

  it('refuses a chunk graph with a cycle, where the order would not be the browser’s', () => {
    const cyclic = {
      a: { file: 'assets/a.js', imports: ['b'] },
      b: { file: 'assets/b.js', imports: ['a'] },
    };
    expect(() => evaluationOrder(cyclic, ['a'], new Set())).toThrow(/cycle/);
  });

  it('starts the page with the boot module, keeps preloading the entry and names the route chunks', () => {
    const html = '<head>\n<script type="module" crossorigin src="/assets/index-1.js"></script>\n</head><body></body>';
    const page = withChunkByChunkEvaluation(html, '/assets/boot-1.js', 'assets/index-1.js', [
      '/assets/a.js',
      '/assets/b.js',
    ]);
    expect(page).toContain('<script type="module" crossorigin src="/assets/boot-1.js"></script>');
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/index-1.js">');
    expect(page).not.toContain('src="/assets/index-1.js"');
    expect(page).toContain('<meta name="route-chunks" content="/assets/a.js /assets/b.js">');
  });
});
