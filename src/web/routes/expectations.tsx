import { createFileRoute, redirect } from '@tanstack/react-router';
import { SiteLayout } from '../components/site-layout';
import { InventoryPage } from '../features/inventory/inventory-page';
import { translate } from '../i18n/i18n';

/** `/expectations`: "What we each expect" (issue 41), for a signed-in couple. */
export const Route = createFileRoute('/expectations')({
  head: () => ({ meta: [{ title: translate('inventory.pageTitle') }, { name: 'robots', content: 'noindex' }] }),
  // As the dashboard: the session first, anyone else to /customer-login.
  beforeLoad: async ({ context: { queryClient } }) => {
    const { trpc } = await import('../trpc');
    try {
      await queryClient.fetchQuery({ ...trpc.auth.session.queryOptions(), staleTime: 0 });
    } catch {
      throw redirect({ to: '/customer-login' });
    }
  },
  component: () => (
    <SiteLayout>
      <InventoryPage />
    </SiteLayout>
  ),
});
