import { Alert, Card, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AdminPageSkeleton } from '../admin-shell/admin-layout';
import { trpc } from '../../trpc';
import { AuditLog } from './audit-log';
import { formatMoney } from '../../../shared/money';
import { formatShare, formatWhen } from './format';
import type { RouterOutputs } from '../../trpc';
import { WeekCharts } from './week-chart';

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

const plural = (count: number, word: string, many = `${word}s`) => `${count} ${count === 1 ? word : many}`;

/**
 * The security notice (decision 0201): accounts whose sign-ins from devices they never used were
 * paused after failed attempts, in the last 7 days. Devices that had signed in before were not.
 */
function SignInPauses({ pauses }: { pauses: SignInPause[] }) {
  if (pauses.length === 0) return null;
  const admin = pauses.some((pause) => pause.isAdmin);
  return (
    <Alert color="red" variant="light" title="Failed sign-ins paused new devices" role="status">
      <Stack gap="xs">
        <Text size="sm">
          Someone failed to sign in to these accounts again and again, so for 15 minutes only devices that had signed in
          to them before could sign in. Couples can still get in with "Email me my code".
        </Text>
        <List size="sm">
          {pauses.map((pause) => (
            <List.Item key={`${pause.account}-${pause.pausedAt}`}>
              {formatWhen(pause.pausedAt)}: {pause.account}, {plural(pause.failures, 'failed sign-in')} from{' '}
              {plural(pause.addresses, 'address', 'addresses')}
            </List.Item>
          ))}
        </List>
        {admin && (
          <Text size="sm">
            If the administrator's attempts were not yours, keep its password long and unique and turn on two-factor
            sign-in under Settings.
          </Text>
        )}
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
  if (isError) {
    return (
      <Alert color="red" title="The overview could not be loaded" role="alert">
        Please reload the page.
      </Alert>
    );
  }
  if (!data) return <AdminPageSkeleton label="Loading the overview" />;
  const { conversion } = data;
  return (
    <Stack gap="xl">
      <div>
        <Title order={1}>Overview</Title>
        <Text c="dimmed">How the course is doing. Totals only: couples' answers and notes stay private.</Text>
      </div>
      {!data.hasCouples && (
        <Alert title="No couples yet" color="blue">
          Share your site's address so couples can start a free trial, or record an order when someone pays. Their
          progress shows here once they begin.
        </Alert>
      )}
      <SignInPauses pauses={data.signInPauses} />
      <SimpleGrid
        cols={{ base: 1, xs: 2, lg: 4 }}
        spacing="md"
        component="ul"
        aria-label="Key numbers"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        <StatCard label="Trials started" value={data.trialsStarted} detail={`Last ${data.recentDays} days`} />
        <StatCard
          label="Revenue"
          value={formatMoney(data.revenue.netCents, data.currency)}
          detail={`${data.orders.completed} paid ${data.orders.completed === 1 ? 'order' : 'orders'}, ${
            data.orders.refunded
          } refunded (${formatMoney(data.revenue.refundedCents, data.currency)}), last ${data.recentDays} days`}
        />
        <StatCard
          label="Trial to paid"
          value={formatShare(conversion.rate)}
          detail={`${conversion.paid} of ${conversion.trials} trials started in the last ${conversion.days} days have paid`}
        />
        <StatCard
          label="Active couples"
          value={data.activeCouples.count}
          detail={`Signed in, saved answers or progress in the last ${data.activeCouples.days} days`}
        />
      </SimpleGrid>
      <WeekCharts weeks={data.weeks} />
      <AuditLog />
    </Stack>
  );
}
