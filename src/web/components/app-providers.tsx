import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, StrictMode, Suspense, useEffect, useState } from 'react';
import type { createAppRouter } from '../router';
import { i18n } from '../i18n/i18n';
import { theme } from '../theme';

/**
 * The toast region (Mantine Notifications, its transitions and CSS) is not needed to show a page:
 * it loads in its own chunk right after the first bundle. Toasts raised earlier wait in the store.
 */
const AppNotifications = lazy(() =>
  import('./app-notifications').then((module) => ({ default: module.AppNotifications })),
);

interface AppProvidersProps {
  router: ReturnType<typeof createAppRouter>;
  queryClient: QueryClient;
}

/**
 * The whole app: Mantine with the one theme (light scheme), the query client, the router and the
 * toast region. The browser entry (main.tsx) and the build-time prerender of `/`
 * (scripts/prerender-entry.tsx) render exactly this tree, so hydration matches.
 */
export function AppProviders({ router, queryClient }: AppProvidersProps) {
  return (
    <StrictMode>
      {/* The theme's CSS variables come with the stylesheet (theme-variables.css, decision 0302):
        computed here, they cost every page load about 20 ms of a fast CPU before its first render. */}
      <MantineProvider theme={theme} withCssVariables={false} defaultColorScheme="light">
        <I18nProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
            <NotificationsAfterMount />
          </QueryClientProvider>
        </I18nProvider>
      </MantineProvider>
    </StrictMode>
  );
}

/**
 * The toast region mounts after hydration (or the takeover) only, in the task after it: it is not
 * part of the prerendered HTML, so a toast raised before the page has hydrated (a quick click)
 * cannot make the hydration mismatch. The state
 * lives here, not in AppProviders: re-rendering MantineProvider would hand every Mantine component
 * of the page a new context value and re-render all of them right after hydration.
 */
function NotificationsAfterMount() {
  const [mounted, setMounted] = useState(false);
  // In a task of its own: the effects of the first commit can run in the commit's task, and this
  // region's chunk and its render would lengthen that task (decision 0182).
  useEffect(() => {
    const timer = setTimeout(() => setMounted(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return mounted ? (
    <Suspense fallback={null}>
      <AppNotifications />
    </Suspense>
  ) : null;
}
