import { createFileRoute } from '@tanstack/react-router';
import { SiteLayout } from '../components/site-layout';
import { loadSitePage } from '../features/site-pages/load-site-page';
import { SitePageScreen, SitePageSkeleton } from '../features/site-pages/site-page-screen';

/** The seller's Frequently asked questions (docs/product.md#pages-and-routes): the 404 page until saved in Settings. */
export const Route = createFileRoute('/faq')({
  head: () => ({ meta: [{ title: 'Frequently asked questions · Vows & Weeks' }] }),
  loader: ({ context }) => loadSitePage(context.queryClient, 'faq'),
  pendingComponent: Pending,
  component: Page,
});

function Page() {
  return (
    <SiteLayout>
      <SitePageScreen slug="faq" />
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
