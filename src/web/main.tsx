import '@mantine/core/styles.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders } from './components/app-providers';
import { createAppRouter } from './router';
import { queryClient } from './query-client';

const router = createAppRouter({ queryClient });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const app = <AppProviders router={router} queryClient={queryClient} />;

// `/` and `/es` arrive prerendered (scripts/prerender.ts), `/` in the visitor's language, so it paints before any script runs; the app loads
// the route (its lazily split component) and then hydrates, adopting that HTML (decision 0071).
// Every other page path arrives as its frame and skeleton (decision 0136): it stays on screen while
// the route loads (its guard, its chunks), then the app renders in its place (React empties the
// container when it first commits, so there is no blank moment). The 404 starts from the empty shell.
if (container.hasChildNodes() && (window.location.pathname === '/' || window.location.pathname === '/es')) {
  // The prerender ran the router in server mode, which renders its match tree without the
  // client-only <Suspense> wrappers (around the matches and the root route). `router.ssr` makes the
  // browser's first render take the same shape, as TanStack Start's own hydration does; without it
  // React found a different tree and logged #418 (the mismatch of decision 0071's amendment).
  router.ssr = { manifest: undefined };
  void hydrate(container);
} else if (container.hasChildNodes()) {
  void takeOver(container);
} else {
  applyDeferredStylesheets();
  createRoot(container).render(app);
}

/** Adopts the prerendered landing page once its route has loaded. */
async function hydrate(root: HTMLElement) {
  applyDeferredStylesheets();
  await router.load();
  // Hydrating inside a transition makes React yield to the browser every few milliseconds instead of
  // adopting the whole page in one long task: the page already shows, so input and paint come first.
  startTransition(() => void hydrateRoot(root, app));
}

/** Replaces a prerendered page (not `/`) with the app once its route has loaded (decision 0175). */
async function takeOver(root: HTMLElement) {
  applyDeferredStylesheets();
  // The guard asks the server who is signed in before the route's chunks would be fetched: start
  // those at once, alongside it, so the page does not wait for two round trips in a row. A chunk
  // that fails here fails again, with its error page, when the route loads it for real.
  for (const load of routeChunkLoaders()) load()?.catch(() => undefined);
  await router.load();
  // Inside a transition React renders the page in slices of a few milliseconds instead of one long
  // task (1-2 s on a mid-range phone for the dashboard): the prerendered frame stays on screen and
  // keeps answering input until React commits the real page in its place (decision 0175).
  startTransition(() => createRoot(root).render(app));
}

/**
 * The prerendered pages inline the CSS their HTML uses and link the full stylesheets as print-only,
 * so they do not hold up the first paint (scripts/prerender.ts): apply them now.
 */
function applyDeferredStylesheets() {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-deferred-css]')) link.media = 'all';
}

/** Loaders of the lazily split code (components, pending and error components) of each route the address matches. */
function routeChunkLoaders(): (() => Promise<void> | undefined)[] {
  return router.matchRoutes(router.state.location).flatMap((match) => {
    const route = router.routesById[match.routeId as keyof typeof router.routesById];
    return route ? [() => router.loadRouteChunk(route)] : [];
  });
}
