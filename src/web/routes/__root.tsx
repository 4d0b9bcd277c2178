import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import { SkipLink } from '../components/skip-link';
import { localeOfPath } from '../../shared/i18n/locales';
import { activeLocale, areasFor, catalogsLoaded, i18n, initialLocale, loadCatalogs, translate } from '../i18n/i18n';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // The page's language and the catalogs its areas need, before any route renders (docs/i18n.md):
  // `/es` is Spanish; otherwise the language already chosen, or on the first load the cookie, then
  // the browser's languages. Loaded catalogs are not waited for again.
  beforeLoad: async ({ location }) => {
    const locale = localeOfPath(location.pathname) ?? (i18n.locale ? activeLocale() : initialLocale());
    const areas = areasFor(location.pathname);
    if (!catalogsLoaded(locale, areas)) await loadCatalogs(locale, areas);
  },
  head: () => ({ meta: [{ title: translate('common.title.default') }] }),
  component: RootLayout,
});

function RootLayout() {
  return (
    <>
      <HeadContent />
      <SkipLink />
      <Outlet />
    </>
  );
}
