import type { QueryClient } from '@tanstack/react-query';
import { lazyRouteComponent } from '@tanstack/react-router';
import type { MessageId } from '../../../shared/i18n/locales';
import type { SitePageSlug } from '../../../shared/site-page-list';
import { translate } from '../../i18n/i18n';

/**
 * The route options of /faq, /refund, /privacy and /terms (docs/product.md#pages-and-routes): the
 * seller's page, or the 404 page until it is saved in Settings. Each route file is one line. The
 * page and its skeleton load in their own chunk (shared by the four), and so does the loader's
 * code, as TanStack's code splitting did for each route file: nothing of them reaches the landing
 * page's first bundle.
 */
export function sitePageRouteOptions(slug: SitePageSlug) {
  return {
    head: () => ({ meta: [{ title: translate(`policies.documentTitle.${slug}` as MessageId) }] }),
    loader: async ({ context }: { context: { queryClient: QueryClient } }) => {
      const { loadSitePage } = await import('./load-site-page');
      await loadSitePage(context.queryClient, slug);
    },
    pendingComponent: lazyRouteComponent(() => import('./site-page-frames'), 'SitePagePending'),
    component: lazyRouteComponent(() => import('./site-page-frames'), 'SitePage'),
  };
}
