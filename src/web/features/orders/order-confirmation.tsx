import { Alert, Anchor, Button, Container, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconHourglass, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { WORKBOOK_TITLE } from '../../../shared/constants';
import { formatMoney } from '../../../shared/money';
import { trpc } from '../../trpc';
import classes from './orders.module.css';
import { WorkbookDownload } from './workbook-download';

/**
 * While an order is pending (a card payment the webhook has not confirmed yet) the page asks again
 * every `ms`, at most `times` times (docs/product.md#card-payments); tests shorten it.
 */
export const PENDING_POLL = { ms: 3000, times: 100 };

function Frame({ children }: { children: ReactNode }) {
  return (
    <Container size="sm" py={{ base: 40, sm: 72 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        {children}
      </Paper>
    </Container>
  );
}

function HomeButton({ label = 'Return to Home' }: { label?: string }) {
  return (
    <Button component={Link} to="/" variant="default">
      {label}
    </Button>
  );
}

/** /success without `payment_intent` (docs/product.md#ui-texts). */
export function InvalidPaymentSession() {
  return (
    <Frame>
      <Stack gap="md" align="flex-start">
        <Title order={1}>Invalid payment session.</Title>
        <Text>
          This page needs the payment link from your order confirmation. Check the link in your email, or start again
          from the course page.
        </Text>
        <HomeButton />
      </Stack>
    </Frame>
  );
}

function OrderNotFound() {
  return (
    <Frame>
      <Stack gap="md" align="flex-start">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color="red" variant="light" size={40} radius="xl" aria-hidden="true">
            <IconAlertCircle size={24} />
          </ThemeIcon>
          <Title order={1}>Order not found</Title>
        </Group>
        <Text>
          We could not find an order for this link. Please check that you copied the whole link; if it still does not
          work, write to us through the{' '}
          <Anchor component={Link} to="/" hash="contact">
            contact form
          </Anchor>{' '}
          and we will sort it out within 24 hours.
        </Text>
        <HomeButton />
      </Stack>
    </Frame>
  );
}

function ConfirmationSkeleton() {
  return (
    <Frame>
      <Stack gap="md" aria-busy="true" aria-label="Loading your order">
        <Skeleton height={36} width="70%" />
        <Skeleton height={18} width="90%" />
        {[1, 2, 3, 4, 5].map((row) => (
          <Skeleton key={row} height={20} />
        ))}
        <Skeleton height={44} width={220} />
      </Stack>
    </Frame>
  );
}

/**
 * /success (docs/product.md#pages-and-routes): the order confirmation for a payment-intent id:
 * order id, amount in its currency, name, email and the workbook's title; the download for a completed
 * order, otherwise a note that the payment is being processed; 'Start Your Journey' and 'Return to
 * Home'.
 */
export function OrderConfirmation({ paymentIntentId }: { paymentIntentId: string }) {
  // The /success route prefetches this query in its loader.
  const order = useQuery({
    ...trpc.orders.get.queryOptions({ paymentIntentId }),
    retryOnMount: false,
    // An order a person must check (needsReview) will not change by itself: no more asking.
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' &&
      !query.state.data.needsReview &&
      query.state.dataUpdateCount <= PENDING_POLL.times
        ? PENDING_POLL.ms
        : false,
  });

  if (order.isPending) return <ConfirmationSkeleton />;
  if (order.isError) return <OrderNotFound />;

  const { data } = order;
  const completed = data.status === 'completed';
  const inReview = !completed && data.needsReview;
  const details: [string, ReactNode][] = [
    [
      'Order ID',
      <code key="id" className={classes.orderId}>
        {data.id}
      </code>,
    ],
    ['Amount', formatMoney(data.amount, data.currency)],
    ['Name', `${data.firstName} ${data.lastName}`],
    ['Email', data.email],
    ['Workbook', WORKBOOK_TITLE],
  ];

  return (
    <Frame>
      <Stack gap="lg">
        <Group gap="sm" wrap="nowrap" align="center">
          <ThemeIcon color={completed ? 'green' : 'plum'} variant="light" size={48} radius="xl" aria-hidden="true">
            {completed ? <IconCircleCheck size={28} /> : <IconHourglass size={28} />}
          </ThemeIcon>
          <Title order={1}>{completed ? 'Thank you for your order!' : 'Thank you, your order is in!'}</Title>
        </Group>
        <Text size="lg">
          {completed
            ? `Welcome, ${data.firstName}. Your year of weekly conversations starts now.`
            : inReview
              ? `Thank you, ${data.firstName}. We have your order and your payment.`
              : `Thank you, ${data.firstName}. We have your order and are waiting for the payment to be confirmed.`}
        </Text>

        <dl className={classes.details}>
          {details.map(([label, value]) => (
            <div key={label} className={classes.detailRow}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>

        {completed ? (
          <Stack gap="sm">
            <WorkbookDownload paymentIntentId={data.id} />
            <Text size="sm" c="dimmed">
              To use the interactive workbook, sign in at{' '}
              <Anchor component={Link} to="/customer-login">
                Customer Login
              </Anchor>{' '}
              with {data.email} and the personal access code we sent you.
            </Text>
          </Stack>
        ) : inReview ? (
          <Alert
            variant="light"
            color="plum"
            icon={<IconInfoCircle aria-hidden="true" />}
            title="We are checking your payment"
          >
            We received your payment, but something in it needs a quick check by a person before your course opens. We
            will email you at {data.email} within 24 hours; there is nothing you need to do. Questions? Write to us
            through the{' '}
            <Anchor component={Link} to="/" hash="contact">
              contact form
            </Anchor>
            .
          </Alert>
        ) : (
          <Alert
            variant="light"
            color="plum"
            icon={<IconHourglass aria-hidden="true" />}
            title="Payment being processed"
          >
            Your payment is being processed. As soon as it is confirmed we will email a link to download your workbook
            to {data.email}. This page updates by itself.
          </Alert>
        )}

        <Group gap="sm">
          <Button component={Link} to="/dashboard">
            Start Your Journey
          </Button>
          <HomeButton />
        </Group>
      </Stack>
    </Frame>
  );
}
