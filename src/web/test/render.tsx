import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  type ErrorRouteComponent,
  type NotFoundRouteComponent,
  type RouteComponent,
} from '@tanstack/react-router';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AppNotifications } from '../components/app-notifications';
import { i18n } from '../i18n/i18n';
import { createAppRouter } from '../router';
import { cssVariablesResolver, theme } from '../theme';
import { createQueryClient } from '../trpc';

function Providers({ children }: { children: ReactNode }) {
  return (
    // jsdom evaluates media queries against a fixed 1024 px window, so Mantine's responsive classes
    // (hiddenFrom, visibleFrom) would hide the phone layout from every test. Without them both
    // layouts are in the document; the breakpoints themselves are tested in Chromium (e2e, 375 px).
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test" withGlobalClasses={false}>
      <I18nProvider i18n={i18n}>
        {children}
        <AppNotifications />
      </I18nProvider>
    </MantineProvider>
  );
}

/** Renders `ui` inside the app's Mantine theme and notification region. */
export function renderWithProviders(ui: ReactNode): RenderResult {
  return render(ui, { wrapper: Providers });
}

interface RenderRouteOptions {
  /** The URL to start at; `/` by default. */
  path?: string;
  errorComponent?: ErrorRouteComponent;
  notFoundComponent?: NotFoundRouteComponent;
}

/**
 * Renders `Component` as the page at `/` of a throwaway router (memory history), for components
 * that use links or router hooks. Other paths render `notFoundComponent`.
 */
export function renderRoute(Component: RouteComponent, options: RenderRouteOptions = {}): RenderResult {
  const rootRoute = createRootRoute({ component: Outlet });
  const pageRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: Component });
  const router = createRouter({
    routeTree: rootRoute.addChildren([pageRoute]),
    history: createMemoryHistory({ initialEntries: [options.path ?? '/'] }),
    ...(options.errorComponent ? { defaultErrorComponent: options.errorComponent } : {}),
    ...(options.notFoundComponent ? { defaultNotFoundComponent: options.notFoundComponent } : {}),
  });
  const queryClient = createQueryClient();
  return renderWithProviders(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/**
 * Renders the real app (every file route) at `path`, with a fresh query client; `router` tells
 * where the page's address is now (`router.state.location.href`).
 */
export function renderApp(path: string): RenderResult & { router: ReturnType<typeof createAppRouter> } {
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [path] }) });
  const result = renderWithProviders(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return Object.assign(result, { router });
}
