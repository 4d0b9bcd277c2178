import { Anchor, Card, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { trpc } from '../../trpc';

function formatDay(value: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(value.length === 10 ? `${value}T00:00:00Z` : value),
  );
}

/** The back office's list of couples on a break (docs/product.md#paced-plan): names and dates only. */
export function PausedCouples() {
  const paused = useQuery(trpc.adminPlan.pausedCouples.queryOptions());
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="paused-couples-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="paused-couples-title">
          Couples on a break
        </Title>
        {!paused.data ? (
          <Skeleton height={24} aria-label="Loading the couples on a break" />
        ) : paused.data.length === 0 ? (
          <Text size="sm">No couple has paused their plan.</Text>
        ) : (
          <List spacing={4} size="sm">
            {paused.data.map((couple) => (
              <List.Item key={couple.coupleId}>
                <Anchor
                  renderRoot={(props) => (
                    <Link {...props} to="/admin/couples/$coupleId" params={{ coupleId: String(couple.coupleId) }} />
                  )}
                >
                  {couple.displayName} &amp; {couple.partnerName}
                </Anchor>{' '}
                since {formatDay(couple.pausedAt)}
                {couple.pausedUntil ? `, back on ${formatDay(couple.pausedUntil)}` : ', open-ended'}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Card>
  );
}
