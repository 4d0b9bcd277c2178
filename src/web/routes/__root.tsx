import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import { RouteAnnouncer } from '../components/route-announcer';
import { SkipLink } from '../components/skip-link';
import { loadPageCatalogs, translate } from '../i18n/i18n';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // The page's language and the catalogs its areas need, before any route renders (docs/i18n.md);
  // loaded catalogs are not waited for again.
  beforeLoad: ({ location }) => loadPageCatalogs(location.pathname),
  head: () => ({ meta: [{ title: translate('common.title.default') }] }),
  component: RootLayout,
});

function RootLayout() {
  return (
    <>
      <HeadContent />
      <SkipLink />
      <Outlet />
      <RouteAnnouncer />
    </>
  );
}
