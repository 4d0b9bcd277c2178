import { createFileRoute } from '@tanstack/react-router';
import { SiteLayout } from '../components/site-layout';
import { loadSitePage } from '../features/site-pages/load-site-page';
import { SitePageScreen, SitePageSkeleton } from '../features/site-pages/site-page-screen';

/** The seller's Terms of Service (docs/product.md#pages-and-routes): the 404 page until saved in Settings. */
export const Route = createFileRoute('/terms')({
  head: () => ({ meta: [{ title: 'Terms of Service · Vows & Weeks' }] }),
  loader: ({ context }) => loadSitePage(context.queryClient, 'terms'),
  pendingComponent: Pending,
  component: Page,
});

function Page() {
  return (
    <SiteLayout>
      <SitePageScreen slug="terms" />
    </SiteLayout>
  );
}

function Pending() {
  return (
    <SiteLayout>
      <SitePageSkeleton />
    </SiteLayout>
  );
}
