// Mantine's stylesheets for the components the app uses (decision 0305).
import './mantine-styles.css';
// The theme's variables, after Mantine's defaults they override (decision 0302).
import './theme-variables.css';
import { type ReactNode, startTransition, useInsertionEffect } from 'react';
import { createRoot, hydrateRoot } from './react-dom-client';
import { AppProviders } from './components/app-providers';
import { initialLocale, loadPageCatalogs } from './i18n/i18n';
import { createAppRouter } from './router';
import { queryClient } from './query-client';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// ICU's data for the page's language, loaded on a worker's thread while the page boots, not in its
// first render (decision 0391). A browser or a policy that refuses the worker changes nothing else.
try {
  new Worker(new URL('./lib/intl-warm-up.worker.ts', import.meta.url), { type: 'module', name: initialLocale() });
} catch {}

/** The router and the app it renders (making the router takes about 100 ms on a phone: see takeOver). */
function createApp() {
  const router = createAppRouter({ queryClient });
  return { router, app: <AppProviders router={router} queryClient={queryClient} /> };
}

// `/` and `/es` arrive prerendered (scripts/prerender.ts; `/` in the visitor's language), so they
// paint before any script runs; the app loads the route (its lazily split component) and then
// hydrates, adopting that HTML (decisions 0071 and 0231).
// Every other page path arrives as its frame and skeleton (decision 0136): it stays on screen while
// the route loads (its guard, its chunks), then the app renders in its place (React empties the
// container when it first commits, so there is no blank moment). The 404 starts from the empty shell.
if (container.hasChildNodes() && (window.location.pathname === '/' || window.location.pathname === '/es')) {
  void hydrate(container);
} else if (container.hasChildNodes()) {
  void takeOver(container);
} else {
  const { router, app } = createApp();
  // Lingui's provider renders nothing until a language is active, and the root route's beforeLoad
  // is what loads and activates it: load the route first, as takeOver does (decision 0231).
  void router.load().then(() => createRoot(container).render(app));
}

startServiceWorkerWhenIdle();

/**
 * The installable app's service worker (decision 0265), registered once the page has loaded and
 * the browser is idle, from a chunk of its own: the landing pages and the admin area never load
 * it (the admin area is never kept for offline use).
 */
function startServiceWorkerWhenIdle() {
  const path = window.location.pathname;
  if (!('serviceWorker' in navigator) || path === '/' || path === '/es' || path.startsWith('/admin')) return;
  // The worker waiting now was found on an earlier visit; one that installs while this page loads
  // belongs to a build this page is not, and waits for the next visit (service-worker.ts).
  const waitingAtStart = navigator.serviceWorker
    .getRegistration()
    .then((registration) => registration?.waiting ?? null)
    .catch(() => null);
  const start = () => {
    const idle = (globalThis as { requestIdleCallback?: (run: () => void, options: { timeout: number }) => void })
      .requestIdleCallback;
    const run = () =>
      void import('./features/offline/service-worker').then((module) => module.startServiceWorker(waitingAtStart));
    // A busy page may never be idle: at the latest after 3 s.
    if (idle) idle(run, { timeout: 3000 });
    else setTimeout(run, 0);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/**
 * Adopts the prerendered landing page. The build starts it with the boot module too (decision
 * 0195): the entry's chunks were evaluated one per task, and its route's chunks are, here, before
 * the router loads the route and React hydrates.
 */
async function hydrate(root: HTMLElement) {
  // The full stylesheets apply once all of them are in, so they cascade in their order.
  void linkDeferredStylesheets().then(applyDeferredStylesheets);
  const { router, app } = createApp();
  // The prerender ran the router in server mode, which renders its match tree without the
  // client-only <Suspense> wrappers (around the matches and the root route). `router.ssr` makes the
  // browser's first render take the same shape, as TanStack Start's own hydration does; without it
  // React found a different tree and logged #418 (the mismatch of decision 0071's amendment).
  router.ssr = { manifest: undefined };
  const chunks = routeChunkFiles();
  if (chunks.length > 0) {
    await nextTask();
    // The HTML does not preload them (Lighthouse's simulation charged them to the first paint:
    // decision 0073, amendment); the router would request them now anyway.
    await evaluateRouteChunks(chunks);
  }
  await router.load();
  // Hydrating inside a transition makes React yield to the browser every few milliseconds instead of
  // adopting the whole page in one long task: the page already shows, so input and paint come first.
  startTransition(() => void hydrateRoot(root, app));
}

/**
 * Replaces a prerendered page (not `/`) with the app, in tasks short enough for a phone (decision
 * 0182): every step below runs in a task of its own, so none adds to the evaluation of the entry's
 * modules or to another step (a phone runs about four times slower than this machine, and a task
 * over 50 ms there blocks input).
 */
async function takeOver(root: HTMLElement) {
  const styled = linkDeferredStylesheets();
  // The page's messages come alongside its chunks, not one round trip after them: the root route's
  // guard finds them loaded, or joins the same imports (it says so if they fail).
  loadPageCatalogs(window.location.pathname).catch(() => undefined);
  await nextTask();
  // Not in the entry's own task: with the modules' evaluation, that task was the page's longest.
  const { router, app } = createApp();
  await nextTask();
  const chunks = routeChunkFiles();
  let loaded: Promise<void>;
  if (chunks.length > 0) {
    // The build names the route's chunks in evaluation order (scripts/prerender-chunks.ts): fetch
    // them all at once, then evaluate them one per task, so the router finds its route ready. The
    // guard's request waits for them: it is one round trip, the chunks are most of the page's bytes.
    await evaluateRouteChunks(chunks);
    loaded = router.load();
  } else {
    // The guard asks the server who is signed in before the route's chunks would be fetched: start
    // those at once, alongside it, so the page does not wait for two round trips in a row.
    loaded = router.load();
    for (const load of routeChunkLoaders(router)) {
      await nextTask();
      // A chunk that fails here fails again, with its error page, when the route loads it for real.
      load()?.catch(() => undefined);
    }
  }
  await loaded;
  await styled;
  await nextTask();
  // Inside a transition React renders the page in slices of a few milliseconds instead of one long
  // task (1-2 s on a mid-range phone for the dashboard): the prerendered frame stays on screen and
  // keeps answering input until React commits the real page in its place (decision 0175).
  startTransition(() => createRoot(root).render(<StyledOnCommit>{app}</StyledOnCommit>));
}

/**
 * Applies the deferred stylesheets in the commit that replaces the prerendered frame, before any
 * layout effect measures (decision 0296): the frame, drawn with its inlined rules, is never restyled
 * against the full sheets it is about to leave, and the page is styled once.
 */
function StyledOnCommit({ children }: { children: ReactNode }) {
  useInsertionEffect(applyDeferredStylesheets, []);
  return children;
}

/** The chunks of the page's route, in evaluation order, as the prerendered page names them. */
function routeChunkFiles(): string[] {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="route-chunks"]');
  return meta?.content.split(' ').filter(Boolean) ?? [];
}

/**
 * Preloads the chunks (a few links per task: each starts a request) and then evaluates them one
 * per task. A chunk that fails to load is left to the router, which shows its error page.
 */
async function evaluateRouteChunks(files: string[]) {
  const linked = new Set(
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.href),
  );
  for (let start = 0; start < files.length; start += 8) {
    for (const file of files.slice(start, start + 8)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = file;
      if (!linked.has(link.href)) document.head.append(link);
    }
    await nextTask();
  }
  for (const file of files) {
    try {
      await import(/* @vite-ignore */ file);
    } catch {
      return;
    }
    await nextTask();
  }
}

/**
 * Links the full stylesheets a prerendered page keeps inert in its template (decision 0397), in
 * the template's place and order, still print-only; settles once each has loaded or failed.
 */
function linkDeferredStylesheets(): Promise<unknown> {
  const template = document.querySelector<HTMLTemplateElement>('template[data-deferred-css]');
  if (!template) return Promise.resolve();
  const links = [...template.content.querySelectorAll('link')];
  const settled = links.map(
    (link) =>
      new Promise((settle) => {
        link.addEventListener('load', settle);
        link.addEventListener('error', settle);
      }),
  );
  template.replaceWith(template.content);
  return Promise.all(settled);
}

/**
 * The prerendered pages inline the CSS their HTML uses; their full stylesheets, linked print-only
 * (linkDeferredStylesheets), restyle nothing until this applies them.
 */
function applyDeferredStylesheets() {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-deferred-css]')) link.media = 'all';
}

/** Lets the browser run its other work (input, paint, network) before the next step. */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Loaders of the lazily split code (components, pending and error components) of each route the address matches. */
function routeChunkLoaders(router: ReturnType<typeof createAppRouter>): (() => Promise<void> | undefined)[] {
  return router.matchRoutes(router.state.location).flatMap((match) => {
    const route = router.routesById[match.routeId as keyof typeof router.routesById];
    return route ? [() => router.loadRouteChunk(route)] : [];
  });
}
