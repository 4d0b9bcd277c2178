import { createFileRoute } from '@tanstack/react-router';
import { AdminPageSkeleton } from '../components/admin/admin-layout';
import { AdminOverview } from '../features/admin-overview/admin-overview';
import { trpc } from '../trpc';
import { translate } from '../i18n/i18n';

/** `/admin/overview`: the back office's numbers and audit log (docs/product.md#admin-overview). */
export const Route = createFileRoute('/admin/overview')({
  head: () => ({ meta: [{ title: translate('admin.title.overview') }] }),
  loader: ({ context }) => context.queryClient.ensureQueryData(trpc.insights.overview.queryOptions()),
  pendingComponent: () => <AdminPageSkeleton label={translate('admin.loading.overview')} />,
  component: AdminOverview,
});
