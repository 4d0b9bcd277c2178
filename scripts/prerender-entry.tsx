import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { AppProviders } from '../src/web/components/app-providers';
import { createAppRouter } from '../src/web/router';
import { createQueryClient } from '../src/web/query-client';

/**
 * The server-side entry of the build-time prerender (built by Vite in SSR mode, see
 * scripts/prerender.ts): renders the app at `path` to HTML, exactly the tree the browser hydrates.
 * `router.load()` loads the lazily split route component. A first pass with `prerenderToNodeStream`
 * waits for the lazily loaded parts inside the page (its forms), which resolves their `lazy()`
 * payloads; the second pass with `renderToString` then renders the whole page in place, without
 * streaming's out-of-order inline scripts (the CSP forbids inline scripts, and the page must show
 * without JavaScript).
 */
export async function renderPage(path: string): Promise<string> {
  const queryClient = createQueryClient();
  const router = createAppRouter({
    queryClient,
    history: createMemoryHistory({ initialEntries: [path] }),
    prerender: true,
  });
  await router.load();
  const app = <AppProviders router={router} queryClient={queryClient} />;
  const { prelude } = await prerenderToNodeStream(app);
  for await (const _chunk of prelude) {
    // Drained only to let every lazy part load.
  }
  const html = renderToString(app);
  if (html.includes('<script'))
    throw new Error('The prerendered page contains an inline script (forbidden by the CSP).');
  return html;
}
