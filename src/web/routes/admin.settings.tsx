import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { TwoFactorSection } from '../features/admin-security/two-factor-section';
import { AdminPageSkeleton } from '../features/admin-shell/admin-layout';
import { PublicPagesSettings } from '../features/site-pages/public-pages-settings';
import { trpc } from '../trpc';

/** `/admin/settings`: the back office's settings, one self-contained section each. */
export const Route = createFileRoute('/admin/settings')({
  head: () => ({ meta: [{ title: 'Settings · Admin · Vows & Weeks' }] }),
  loader: ({ context }) => context.queryClient.ensureQueryData(trpc.sitePages.listForEditing.queryOptions()),
  pendingComponent: () => <AdminPageSkeleton label="Loading the settings" />,
  component: AdminSettings,
});

function AdminSettings() {
  return (
    <Stack gap="xl">
      <div>
        <Title order={1}>Settings</Title>
        <Text c="dimmed">How the site and your sign-in work.</Text>
      </div>
      <PublicPagesSettings />
      <TwoFactorSection />
    </Stack>
  );
}
