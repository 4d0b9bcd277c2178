import { Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';

/** Placeholder shapes of the admin screen while its data loads. */
export function AdminDashboardSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading the admin dashboard">
      <Skeleton height={36} width="50%" />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
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
