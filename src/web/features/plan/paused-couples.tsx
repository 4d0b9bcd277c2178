import { Anchor, Card, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatDate } from '../../../shared/i18n/format';
import { useT } from '../../i18n/use-t';
import { trpc } from '../../trpc';

/** The back office's list of couples on a break (docs/product.md#paced-plan): names and dates only. */
export function PausedCouples() {
  const { t, locale } = useT();
  const formatDay = (value: string) => formatDate(locale, value, { dateStyle: 'medium' });
  const paused = useQuery(trpc.adminPlan.pausedCouples.queryOptions());
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="paused-couples-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="paused-couples-title">
          {t('plan.admin.paused.title')}
        </Title>
        {!paused.data ? (
          <Skeleton height={24} role="status" aria-label={t('plan.admin.paused.loading')} />
        ) : paused.data.length === 0 ? (
          <Text size="sm">{t('plan.admin.paused.none')}</Text>
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
                {couple.pausedUntil
                  ? t('plan.admin.paused.untilDate', {
                      since: formatDay(couple.pausedAt),
                      until: formatDay(couple.pausedUntil),
                    })
                  : t('plan.admin.paused.openEnded', { since: formatDay(couple.pausedAt) })}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Card>
  );
}
