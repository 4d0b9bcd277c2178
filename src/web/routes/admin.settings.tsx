import { Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { TwoFactorSection } from '../features/admin-security/two-factor-section';
import { AdminHeading, AdminPageSkeleton } from '../components/admin/admin-layout';
import { PublicPagesSettings } from '../features/site-pages/public-pages-settings';
import { trpc } from '../trpc';
import { translate } from '../i18n/i18n';
import { useT } from '../i18n/use-t';

/** `/admin/settings`: the back office's settings, one self-contained section each. */
export const Route = createFileRoute('/admin/settings')({
  head: () => ({ meta: [{ title: translate('admin.title.settings') }] }),
  loader: ({ context }) => context.queryClient.ensureQueryData(trpc.sitePages.listForEditing.queryOptions()),
  pendingComponent: () => <AdminPageSkeleton label={translate('admin.loading.settings')} />,
  component: AdminSettings,
});

function AdminSettings() {
  const { t } = useT();
  return (
    <Stack gap="xl">
      <AdminHeading title={t('admin.settings.heading')} intro={t('admin.settings.intro')} />
      <PublicPagesSettings />
      <TwoFactorSection />
    </Stack>
  );
}
