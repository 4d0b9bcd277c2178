import { createFileRoute } from '@tanstack/react-router';
import { AdminInventoryPage } from '../features/admin-inventory/admin-inventory-page';
import { AdminPageSkeleton } from '../components/admin/admin-layout';
import { translate } from '../i18n/i18n';
import { trpc } from '../trpc';

/** `/admin/inventory`: "What we each expect" for the seller: figures and the statements. */
export const Route = createFileRoute('/admin/inventory')({
  head: () => ({ meta: [{ title: `${translate('inventory.admin.title')} · Admin · Vows & Weeks` }] }),
  loader: ({ context }) => context.queryClient.ensureQueryData(trpc.adminInventory.topics.queryOptions()),
  pendingComponent: () => <AdminPageSkeleton label={translate('common.loading.adminArea')} />,
  component: AdminInventoryPage,
});
