import { createFileRoute } from '@tanstack/react-router';
import { AdminDashboard } from '../features/admin/admin-dashboard';
import { AdminDashboardSkeleton } from '../features/admin/admin-dashboard-skeleton';
import { trpc } from '../trpc';

/** `/admin`: the frameworks page of docs/product.md#admin-screen, inside the back office's layout. */
export const Route = createFileRoute('/admin/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(trpc.frameworks.list.queryOptions()),
  pendingComponent: AdminDashboardSkeleton,
  component: AdminDashboard,
});
