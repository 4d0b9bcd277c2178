import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { AdminLayout, AdminPageSkeleton } from '../components/admin/admin-layout';
import { translate } from '../i18n/i18n';

export const Route = createFileRoute('/admin')({
  head: () => ({ meta: [{ title: translate('admin.title.dashboard') }] }),
  // Comfort only (decision 0012): anyone but an admin goes to /login; the server refuses them anyway.
  // The tRPC client is imported on demand: this guard is part of the route tree every page loads,
  // and the landing page has no use for the client (decision 0072).
  beforeLoad: async ({ context }) => {
    const { trpc } = await import('../trpc');
    const auth = await context.queryClient.ensureQueryData(trpc.auth.check.queryOptions());
    if (!auth.isAdmin) throw redirect({ to: '/login' });
  },
  pendingComponent: AdminPending,
  component: AdminShell,
});

function AdminShell() {
  return (
    <AdminLayout>
      <Outlet />
    </AdminLayout>
  );
}

function AdminPending() {
  return (
    <AdminLayout>
      <AdminPageSkeleton label={translate('admin.loading.area')} />
    </AdminLayout>
  );
}
