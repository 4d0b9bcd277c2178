import type { QueryClient } from '@tanstack/react-query';
import {
  createRouter,
  type ErrorComponentProps,
  type NotFoundRouteProps,
  type RouterHistory,
} from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { localeRewrite } from './i18n/locale-rewrite';
import { routeTree } from './routeTree.gen';

/**
 * The shared error and 404 pages render the full SiteLayout (with the account navigation and its
 * tRPC calls): they load on demand, so the entry chunk every page (and the landing page) pays for
 * stays small.
 */
const LazyErrorPage = lazy(() => import('./components/error-page').then((module) => ({ default: module.ErrorPage })));
const LazyNotFoundPage = lazy(() =>
  import('./components/not-found-page').then((module) => ({ default: module.NotFoundPage })),
);

function ErrorPage(props: ErrorComponentProps) {
  return (
    <Suspense fallback={null}>
      <LazyErrorPage {...props} />
    </Suspense>
  );
}

function NotFoundPage(_props: NotFoundRouteProps) {
  return (
    <Suspense fallback={null}>
      <LazyNotFoundPage />
    </Suspense>
  );
}

interface CreateAppRouterOptions {
  queryClient: QueryClient;
  /** Browser history by default; tests pass a memory history. */
  history?: RouterHistory;
  /**
   * For the build-time prerender: no scroll restoration, whose server-side rendering is an inline
   * script (forbidden by the CSP) that the browser's render would not match.
   */
  prerender?: boolean;
}

/** The app's router: file routes, the query client in every loader's context, shared error and 404 pages. */
export function createAppRouter({ queryClient, history, prerender = false }: CreateAppRouterOptions) {
  return createRouter({
    routeTree,
    context: { queryClient },
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // TanStack Query owns caching: let the router call loaders every time and let them hit the cache.
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: ErrorPage,
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: !prerender,
    // `/es/login` and the other public pages' Spanish addresses (decision 0275).
    rewrite: localeRewrite,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
