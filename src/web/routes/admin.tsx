import { Button, Container, Group } from '@mantine/core';
import { IconArrowLeft, IconLogout } from '@tabler/icons-react';
import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { SiteLayout } from '../components/site-layout';
import { AdminDashboard } from '../features/admin/admin-dashboard';
import { AdminDashboardSkeleton } from '../features/admin/admin-dashboard-skeleton';
import { useSignOut } from '../features/auth/use-sign-out';
import { trpc } from '../trpc';

export const Route = createFileRoute('/admin')({
  head: () => ({ meta: [{ title: 'Admin dashboard · Vows & Weeks' }] }),
  // Comfort only (decision 0012): anyone but an admin goes to /login; the server refuses them anyway.
  // The tRPC client is imported on demand: this guard is part of the route tree every page loads,
  // and the landing page has no use for the client (decision 0072).
  beforeLoad: async ({ context }) => {
    const { trpc } = await import('../trpc');
    const auth = await context.queryClient.ensureQueryData(trpc.auth.check.queryOptions());
    if (!auth.isAdmin) throw redirect({ to: '/login' });
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(trpc.frameworks.list.queryOptions()),
  pendingComponent: AdminPending,
  component: AdminPage,
});

/**
 * The admin screen's header holds its own 'Back to Website' and 'Logout'
 * (docs/product.md#admin-screen) in place of the layout's account navigation (whose Admin link and
 * Sign out would repeat them).
 */
function AdminActions() {
  const { signOut, isPending } = useSignOut();
  return (
    <Group gap="sm">
      <Button component={Link} to="/" variant="subtle" leftSection={<IconArrowLeft size={18} aria-hidden="true" />}>
        Back to Website
      </Button>
      <Button
        variant="light"
        leftSection={<IconLogout size={18} aria-hidden="true" />}
        loading={isPending}
        onClick={signOut}
      >
        Logout
      </Button>
    </Group>
  );
}

function AdminPage() {
  return (
    <SiteLayout accountNav={false} headerActions={<AdminActions />}>
      <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
        <AdminDashboard />
      </Container>
    </SiteLayout>
  );
}

function AdminPending() {
  return (
    <SiteLayout accountNav={false} headerActions={<AdminActions />}>
      <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
        <AdminDashboardSkeleton />
      </Container>
    </SiteLayout>
  );
}
