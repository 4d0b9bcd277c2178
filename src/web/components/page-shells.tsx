import { Container, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { AdminDashboardSkeleton } from '../features/admin/admin-dashboard-skeleton';
import { AdminLayout, AdminPageSkeleton } from '../features/admin-shell/admin-layout';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';
import { SiteLayout } from './site-layout';

/**
 * What the build prerenders for a page whose content needs the signed-in user or the server
 * (decision 0136): the page's frame and its own loading skeleton, exactly as the app draws them
 * while its requests are under way, so the HTML paints a meaningful page before any script runs
 * and nothing moves when the app takes over. Pages without such data are prerendered from their
 * route as they are (scripts/prerender.ts).
 */
export const SHELL_PAGES: Record<string, () => ReactNode> = {
  // The dashboard with every query still loading: its header, tabs, cards and map as skeletons.
  '/dashboard': () => (
    <SiteLayout>
      <DashboardScreen renderWorkbook={() => null} />
    </SiteLayout>
  ),
  // The back office's frame (header actions, sections) around the frameworks page's skeleton and
  // its real heading, the page's largest text (decision 0175).
  '/admin': () => (
    <AdminLayout>
      <AdminDashboardSkeleton />
    </AdminLayout>
  ),
  // The back office's other sections: the admin frame with a generic page skeleton until the
  // guard has asked who is signed in.
  ...Object.fromEntries(
    [
      '/admin/overview',
      '/admin/orders',
      '/admin/couples',
      '/admin/messages',
      '/admin/outbox',
      '/admin/content',
      '/admin/settings',
      '/admin/inventory',
    ].map((pagePath) => [pagePath, () => <AdminSectionShell />]),
  ),
  // "What we each expect": its own page, loaded after the session (the dashboard stays light).
  '/expectations': () => <AddressPageSkeleton label="Loading" />,
  // Both depend on the address (the order id; the buyer's details): a skeleton until the app reads it.
  '/success': () => <AddressPageSkeleton label="Loading your order" />,
  '/checkout': () => <AddressPageSkeleton label="Loading the checkout" />,
};

function AdminSectionShell() {
  return (
    <SiteLayout accountNav={false}>
      <Container size="xl" py={{ base: 'lg', sm: 'xl' }}>
        <AdminPageSkeleton label="Loading the admin area" />
      </Container>
    </SiteLayout>
  );
}

function AddressPageSkeleton({ label }: { label: string }) {
  return (
    <SiteLayout>
      <Container size="sm" py="xl">
        <Stack gap="md" role="status" aria-busy="true" aria-label={label}>
          <Skeleton height={36} width="70%" />
          <Skeleton height={18} />
          <Skeleton height={18} width="85%" />
          <Skeleton height={160} mt="md" />
        </Stack>
      </Container>
    </SiteLayout>
  );
}
