import { createFileRoute } from '@tanstack/react-router';
import { AdminPageSkeleton } from '../features/admin-shell/admin-layout';
import { AdminOverview } from '../features/admin-overview/admin-overview';
import { trpc } from '../trpc';

/** `/admin/overview`: the back office's numbers and audit log (docs/product.md#admin-overview). */
export const Route = createFileRoute('/admin/overview')({
  head: () => ({ meta: [{ title: 'Overview · Admin · Vows & Weeks' }] }),
  loader: ({ context }) => context.queryClient.ensureQueryData(trpc.insights.overview.queryOptions()),
  pendingComponent: () => <AdminPageSkeleton label="Loading the overview" />,
  component: AdminOverview,
});
