import { Alert, Badge, Container, Group, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Partner } from '../../../shared/constants';
import { useT } from '../../i18n/use-t';
import { trpc } from '../../trpc';
import { InventoryReportView } from './inventory-report';
import { InventoryTaking } from './inventory-taking';

/**
 * `/expectations`, "What we each expect" (issue 41): each partner answers privately; once both
 * have finished, the report. Everything loads here, never on the dashboard's first request.
 */
export function InventoryPage() {
  const { t, locale } = useT();
  const status = useQuery(trpc.inventory.status.queryOptions());
  const topics = useQuery(trpc.inventory.statements.queryOptions({ locale }));
  const profile = useQuery(trpc.profile.get.queryOptions());

  if (status.isError || topics.isError || profile.isError) {
    return (
      <Container size="md" py="xl">
        <Alert color="red" role="alert">
          {t('inventory.loadFailed')}
        </Alert>
      </Container>
    );
  }
  if (!status.data || !topics.data || !profile.data) {
    return (
      <Container size="md" py="xl" aria-busy="true">
        <Skeleton height={36} width="60%" mb="md" />
        <Skeleton height={120} mb="md" />
        <Skeleton height={320} />
      </Container>
    );
  }
  const names: Record<Partner, string> = {
    partner1: profile.data.userDisplayName,
    partner2: profile.data.partnerName,
  };
  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{t('inventory.title')}</Title>
          {status.data.revealed ? null : <Text>{t('inventory.intro')}</Text>}
          <Text size="sm" c="dimmed">
            {t('inventory.notDiagnosis')}
          </Text>
        </Stack>
        {status.data.revealed ? (
          <InventoryReportView status={status.data} />
        ) : (
          <>
            <Paper withBorder radius="md" p="md">
              <Stack gap="xs">
                {(['partner1', 'partner2'] as const).map((partner) => {
                  const progress = status.data.partners[partner];
                  return (
                    <div key={partner}>
                      <Group justify="space-between" gap="xs">
                        <Text size="sm">
                          {t('inventory.progress.label', {
                            name: names[partner],
                            answered: progress.answered,
                            total: status.data.total,
                          })}
                        </Text>
                        {progress.finishedAt ? (
                          <Badge color="green" variant="light">
                            {t('inventory.progress.finished', { name: names[partner] })}
                          </Badge>
                        ) : null}
                      </Group>
                      <Progress
                        value={(progress.answered / Math.max(1, status.data.total)) * 100}
                        aria-label={t('inventory.progress.label', {
                          name: names[partner],
                          answered: progress.answered,
                          total: status.data.total,
                        })}
                      />
                    </div>
                  );
                })}
              </Stack>
            </Paper>
            <InventoryTaking status={status.data} topics={topics.data} names={names} />
          </>
        )}
      </Stack>
    </Container>
  );
}
