import { Paper, Skeleton, Stack } from '@mantine/core';
import { useT } from '../../i18n/use-t';

/** The shape of the workbook while its week, answers and summary load. */
export function WorkbookSkeleton() {
  const { t } = useT();
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label={t('workbook.loading')}>
      <Stack gap="xs">
        <Skeleton height={14} width={180} radius="xl" />
        <Skeleton height={30} width="60%" />
        <Skeleton height={14} width="90%" />
        <Skeleton height={14} width="75%" />
      </Stack>
      <Skeleton height={40} radius="md" />
      {[0, 1].map((section) => (
        <Paper key={section} withBorder p="md" radius="md">
          <Stack gap="sm">
            <Skeleton height={20} width="40%" />
            <Skeleton height={14} width="85%" />
            <Skeleton height={80} />
            <Skeleton height={14} width="70%" />
            <Skeleton height={80} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
