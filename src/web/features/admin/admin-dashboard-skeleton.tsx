import { Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useT } from '../../i18n/use-t';
import { AdminHeading } from '../../components/admin/admin-layout';

/**
 * The frameworks page's heading: the same text whether the page is loading or loaded, so the
 * prerendered `/admin` paints its largest text from the HTML and nothing moves when the list
 * arrives (decision 0175).
 */
export function AdminDashboardHeading() {
  const { t } = useT();
  return <AdminHeading title={t('admin.frameworks.heading')} intro={t('admin.frameworks.intro')} />;
}

/** Placeholder shapes of the admin screen while its data loads, under its real heading. */
export function AdminDashboardSkeleton() {
  const { t } = useT();
  return (
    <Stack gap="lg">
      <AdminDashboardHeading />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" aria-busy="true" aria-label={t('admin.frameworks.loading')}>
        <Paper withBorder p="lg">
          <Stack gap="md">
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} height={row === 3 ? 96 : 40} />
            ))}
          </Stack>
        </Paper>
        <Paper withBorder p="lg">
          <Skeleton height={220} />
        </Paper>
      </SimpleGrid>
      <Skeleton height={120} />
    </Stack>
  );
}
