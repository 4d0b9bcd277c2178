import { Container, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { AdminDashboardSkeleton } from './features/admin/admin-dashboard-skeleton';
import { AdminLayout, AdminPageSkeleton } from './components/admin/admin-layout';
import { DashboardScreen } from './features/dashboard/dashboard-screen';
import { SitePageSkeleton } from './features/site-pages/site-page-screen';
import { SITE_PAGES } from '../shared/site-page-list';
import { SiteLayout } from './components/site-layout';
import type { MessageId } from '../shared/i18n/locales';
import { translate } from './i18n/i18n';

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
  '/expectations': () => <AddressPageSkeleton label="inventory.loading" />,
  // Both depend on the address (the order id; the buyer's details): a skeleton until the app reads it.
  '/success': () => <AddressPageSkeleton label="checkout.success.loading" />,
  '/checkout': () => <AddressPageSkeleton label="checkout.card.loading" />,
  // The seller's pages (FAQ and policies): their text is in the database, so the frame and the
  // skeleton the app shows while it loads, in each language (decision 0275).
  ...Object.fromEntries(
    SITE_PAGES.map((page) => [
      page.path,
      () => (
        <SiteLayout>
          <SitePageSkeleton />
        </SiteLayout>
      ),
    ]),
  ),
};

/** The title of a shell page, as its route's `head` gives it once the app runs (the prerender writes it). */
export const SHELL_TITLES: Record<string, MessageId> = {
  '/dashboard': 'dashboard.head.title',
  '/admin': 'admin.title.dashboard',
  '/admin/overview': 'admin.title.overview',
  '/admin/orders': 'admin.title.orders',
  '/admin/couples': 'admin.title.couples',
  '/admin/messages': 'admin.title.messages',
  '/admin/outbox': 'admin.title.outbox',
  '/admin/settings': 'admin.title.settings',
  '/admin/content': 'content-editor.page.metaTitle',
  '/expectations': 'inventory.pageTitle',
  '/success': 'checkout.success.documentTitle',
  '/checkout': 'checkout.card.documentTitle',
  ...Object.fromEntries(SITE_PAGES.map((page) => [page.path, `policies.documentTitle.${page.slug}` as MessageId])),
};

function AdminSectionShell() {
  return (
    <SiteLayout accountNav={false}>
      <Container size="xl" py={{ base: 'lg', sm: 'xl' }}>
        <AdminPageSkeleton label={translate('common.loading.adminArea')} />
      </Container>
    </SiteLayout>
  );
}

function AddressPageSkeleton({ label }: { label: MessageId }) {
  return (
    <SiteLayout>
      <Container size="sm" py="xl">
        <Stack gap="md" role="status" aria-busy="true" aria-label={translate(label)}>
          <Skeleton height={36} width="70%" />
          <Skeleton height={18} />
          <Skeleton height={18} width="85%" />
          <Skeleton height={160} mt="md" />
        </Stack>
      </Container>
    </SiteLayout>
  );
}
