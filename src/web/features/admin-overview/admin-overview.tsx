import { Alert, Card, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AdminHeading, AdminPageSkeleton } from '../../components/admin/admin-layout';
import { trpc } from '../../trpc';
import { AuditLog } from './audit-log';
import { formatMoney, formatNumber } from '../../../shared/i18n/format';
import { useT } from '../../i18n/use-t';
import { formatShare } from './format';
import type { RouterOutputs } from '../../trpc';
import { WeekCharts } from './week-chart';
import { formatDate } from '../../lib/admin-format';

function StatCard({ label, value, detail }: { label: string; value: ReactNode; detail: ReactNode }) {
  return (
    <Card withBorder padding="md" radius="md" component="li">
      <Text size="sm" fw={600} c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.3}>
        {value}
      </Text>
      <Text size="sm" c="dimmed">
        {detail}
      </Text>
    </Card>
  );
}

type SignInPause = RouterOutputs['insights']['overview']['signInPauses'][number];

/**
 * The security notice (decision 0201): accounts whose sign-ins from devices they never used were
 * paused after failed attempts, in the last 7 days. Devices that had signed in before were not.
 */
function SignInPauses({ pauses }: { pauses: SignInPause[] }) {
  const { t } = useT();
  if (pauses.length === 0) return null;
  const admin = pauses.some((pause) => pause.isAdmin);
  return (
    <Alert color="red" variant="light" title={t('admin.overview.pauses.title')} role="status">
      <Stack gap="xs">
        <Text size="sm">{t('admin.overview.pauses.body')}</Text>
        <List size="sm">
          {pauses.map((pause) => (
            <List.Item key={`${pause.account}-${pause.pausedAt}`}>
              {t('admin.overview.pauses.item', {
                when: formatDate(pause.pausedAt),
                account: pause.account,
                failures: pause.failures,
                addresses: pause.addresses,
              })}
            </List.Item>
          ))}
        </List>
        {admin && <Text size="sm">{t('admin.overview.pauses.admin')}</Text>}
      </Stack>
    </Alert>
  );
}

/**
 * `/admin/overview` (docs/product.md#admin-overview): the business at a glance, aggregates only,
 * the drop-off curve with ratings, and the audit log.
 */
export function AdminOverview() {
  const { data, isError } = useQuery(trpc.insights.overview.queryOptions());
  const { t, locale } = useT();
  if (isError) {
    return (
      <Alert color="red" title={t('admin.overview.error.title')} role="alert">
        {t('admin.overview.error.body')}
      </Alert>
    );
  }
  if (!data) return <AdminPageSkeleton label={t('admin.loading.overview')} />;
  const { conversion } = data;
  return (
    <Stack gap="xl">
      <AdminHeading title={t('admin.overview.heading')} intro={t('admin.overview.intro')} />
      {!data.hasCouples && (
        <Alert title={t('admin.overview.empty.title')} color="blue" role="note">
          {t('admin.overview.empty.body')}
        </Alert>
      )}
      <SignInPauses pauses={data.signInPauses} />
      <SimpleGrid
        cols={{ base: 1, xs: 2, lg: 4 }}
        spacing="md"
        component="ul"
        aria-label={t('admin.overview.keyNumbers')}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        <StatCard
          label={t('admin.overview.trials.label')}
          value={formatNumber(locale, data.trialsStarted)}
          detail={t('admin.overview.trials.detail', { days: data.recentDays })}
        />
        <StatCard
          label={t('admin.overview.revenue.label')}
          value={formatMoney(locale, data.revenue.netCents, data.currency)}
          detail={t('admin.overview.revenue.detail', {
            paid: data.orders.completed,
            refunded: data.orders.refunded,
            refundedAmount: formatMoney(locale, data.revenue.refundedCents, data.currency),
            days: data.recentDays,
          })}
        />
        <StatCard
          label={t('admin.overview.conversion.label')}
          value={formatShare(conversion.rate)}
          detail={t('admin.overview.conversion.detail', {
            paid: conversion.paid,
            trials: conversion.trials,
            days: conversion.days,
          })}
        />
        <StatCard
          label={t('admin.overview.active.label')}
          value={formatNumber(locale, data.activeCouples.count)}
          detail={t('admin.overview.active.detail', { days: data.activeCouples.days })}
        />
      </SimpleGrid>
      <WeekCharts weeks={data.weeks} />
      <AuditLog />
    </Stack>
  );
}
