import { Button, Container } from '@mantine/core';
import { IconArrowLeft, IconLogout } from '@tabler/icons-react';
import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { SiteLayout } from '../components/site-layout';
import { AdminDashboard } from '../features/admin/admin-dashboard';
import { AdminDashboardSkeleton } from '../features/admin/admin-dashboard-skeleton';
import { useLogout } from '../features/admin/use-logout';
import { trpc } from '../trpc';

export const Route = createFileRoute('/admin')({
  head: () => ({ meta: [{ title: 'Admin dashboard · Vows & Weeks' }] }),
  // The server's auth check decides, asked afresh on every visit; anyone but an admin goes to /login.
  beforeLoad: async ({ context }) => {
    const auth = await context.queryClient.fetchQuery({ ...trpc.auth.check.queryOptions(), staleTime: 0 });
    if (!auth.isAdmin) throw redirect({ to: '/login' });
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(trpc.frameworks.list.queryOptions()),
  pendingComponent: AdminPending,
  component: AdminPage,
});

function AdminHeaderActions() {
  const logout = useLogout();
  return (
    <>
      <Button component={Link} to="/" variant="subtle" leftSection={<IconArrowLeft size={18} aria-hidden="true" />}>
        Back to Website
      </Button>
      <Button
        variant="light"
        leftSection={<IconLogout size={18} aria-hidden="true" />}
        loading={logout.isPending}
        onClick={() => logout.mutate()}
      >
        Logout
      </Button>
    </>
  );
}

function AdminPage() {
  return (
    <SiteLayout headerActions={<AdminHeaderActions />}>
      <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
        <AdminDashboard />
      </Container>
    </SiteLayout>
  );
}

function AdminPending() {
  return (
    <SiteLayout>
      <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
        <AdminDashboardSkeleton />
      </Container>
    </SiteLayout>
  );
}
