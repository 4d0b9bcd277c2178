import { Stack, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { AdminPageSkeleton } from '../features/admin-shell/admin-layout';
import { PublicPagesSettings } from '../features/site-pages/public-pages-settings';
import { trpc } from '../trpc';

/**
 * `/admin/settings`: one section per concern, each its own component (the public pages here; the
 * second factor joins as another section).
 */
export const Route = createFileRoute('/admin/settings')({
  head: () => ({ meta: [{ title: 'Settings · Admin · Vows & Weeks' }] }),
  loader: ({ context }) => context.queryClient.ensureQueryData(trpc.sitePages.listForEditing.queryOptions()),
  pendingComponent: () => <AdminPageSkeleton label="Loading the settings" />,
  component: SettingsPage,
});

function SettingsPage() {
  return (
    <Stack gap="xl">
      <Title order={1}>Settings</Title>
      <PublicPagesSettings />
    </Stack>
  );
}
