import { Alert, Anchor, Button, Container, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconCircleX, IconHourglass, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../shared/i18n/format';
import type { SuccessCodeNote } from '../../../shared/payments-schemas';
import { T, useT } from '../../i18n/use-t';
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

function HomeButton() {
  const { t } = useT();
  return (
    <Button component={Link} to="/" variant="default">
      {t('checkout.success.home')}
    </Button>
  );
}

/** /success without `payment_intent` (docs/product.md#ui-texts). */
export function InvalidPaymentSession() {
  const { t } = useT();
  return (
    <Frame>
      <Stack gap="md" align="flex-start">
        <Title order={1}>{t('checkout.success.invalidTitle')}</Title>
        <Text>{t('checkout.success.invalidText')}</Text>
        <HomeButton />
      </Stack>
    </Frame>
  );
}

function OrderNotFound() {
  const { t } = useT();
  return (
    <Frame>
      <Stack gap="md" align="flex-start">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color="red" variant="light" size={40} radius="xl" aria-hidden="true">
            <IconAlertCircle size={24} />
          </ThemeIcon>
          <Title order={1}>{t('checkout.success.notFoundTitle')}</Title>
        </Group>
        <Text>
          <T id="checkout.success.notFoundText" components={{ 0: <Anchor component={Link} to="/" hash="contact" /> }} />
        </Text>
        <HomeButton />
      </Stack>
    </Frame>
  );
}

function ConfirmationSkeleton() {
  const { t } = useT();
  return (
    <Frame>
      <Stack gap="md" aria-busy="true" aria-label={t('checkout.success.loading')}>
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
export function OrderConfirmation({
  paymentIntentId,
  codeNote = null,
}: {
  paymentIntentId: string;
  /**
   * No code was sent: `kept`, the account that had the email keeps its own (a free order, decision
   * 0316); `signed-in`, the signed-in couple's account was upgraded as it is (decision 0326).
   */
  codeNote?: SuccessCodeNote | null;
}) {
  const { t, locale } = useT();
  // The /success route prefetches this query in its loader.
  const order = useQuery({
    ...trpc.orders.get.queryOptions({ paymentIntentId }),
    retryOnMount: false,
    // An order a person must check (needsReview), or whose payment failed, will not change by itself: no more asking.
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' &&
      !query.state.data.needsReview &&
      !query.state.data.paymentFailed &&
      query.state.dataUpdateCount <= PENDING_POLL.times
        ? PENDING_POLL.ms
        : false,
  });

  if (order.isPending) return <ConfirmationSkeleton />;
  if (order.isError) return <OrderNotFound />;

  const { data } = order;
  const completed = data.status === 'completed';
  // Stripe reported the delayed payment failed (decision 0323): the order is over, not being processed.
  const failed = !completed && data.paymentFailed;
  const inReview = !completed && !failed && data.needsReview;
  const details: [string, ReactNode][] = [
    [
      t('checkout.success.orderId'),
      <code key="id" className={classes.orderId}>
        {data.id}
      </code>,
    ],
    [t('checkout.success.amount'), formatMoney(locale, data.amount, data.currency)],
    [t('checkout.card.name'), `${data.firstName} ${data.lastName}`],
    [t('checkout.card.email'), data.email],
    [t('checkout.success.workbook'), t('checkout.workbookTitle')],
  ];

  return (
    <Frame>
      <Stack gap="lg">
        <Group gap="sm" wrap="nowrap" align="center">
          <ThemeIcon
            color={completed ? 'green' : failed ? 'red' : 'plum'}
            variant="light"
            size={48}
            radius="xl"
            aria-hidden="true"
          >
            {completed ? (
              <IconCircleCheck size={28} />
            ) : failed ? (
              <IconCircleX size={28} />
            ) : (
              <IconHourglass size={28} />
            )}
          </ThemeIcon>
          <Title order={1}>
            {completed
              ? t('checkout.success.titleDone')
              : failed
                ? t('checkout.success.titleFailed')
                : t('checkout.success.titlePending')}
          </Title>
        </Group>
        <Text size="lg">
          {completed
            ? t('checkout.success.leadDone', { firstName: data.firstName })
            : failed
              ? t('checkout.success.leadFailed', { firstName: data.firstName })
              : inReview
                ? t('checkout.success.leadReview', { firstName: data.firstName })
                : t('checkout.success.leadPending', { firstName: data.firstName })}
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
              <T
                id={
                  codeNote === 'signed-in'
                    ? 'checkout.success.signedInHint'
                    : codeNote === 'kept'
                      ? 'checkout.success.signInHintKept'
                      : 'checkout.success.signInHint'
                }
                values={{ email: data.email }}
                components={{ 0: <Anchor component={Link} to="/customer-login" /> }}
              />
            </Text>
          </Stack>
        ) : failed ? (
          <Alert
            variant="light"
            color="red"
            icon={<IconCircleX aria-hidden="true" />}
            title={t('checkout.success.failedTitle')}
          >
            <T
              id="checkout.success.failedText"
              components={{
                // The pricing form's next step, with the buyer's details filled in.
                0: (
                  <Anchor
                    renderRoot={(props) => (
                      <Link
                        {...props}
                        to="/checkout"
                        search={{ email: data.email, firstName: data.firstName, lastName: data.lastName }}
                      />
                    )}
                  />
                ),
                1: <Anchor component={Link} to="/" hash="contact" />,
              }}
            />
          </Alert>
        ) : inReview ? (
          <Alert
            variant="light"
            color="plum"
            icon={<IconInfoCircle aria-hidden="true" />}
            title={t('checkout.success.reviewTitle')}
          >
            <T
              id="checkout.success.reviewText"
              values={{ email: data.email }}
              components={{ 0: <Anchor component={Link} to="/" hash="contact" /> }}
            />
          </Alert>
        ) : (
          <Alert
            variant="light"
            color="plum"
            icon={<IconHourglass aria-hidden="true" />}
            title={t('checkout.success.pendingTitle')}
          >
            {codeNote === 'signed-in'
              ? t('checkout.success.pendingTextSignedIn')
              : t('checkout.success.pendingText', { email: data.email })}
          </Alert>
        )}

        <Group gap="sm">
          <Button component={Link} to="/dashboard">
            {t('checkout.success.start')}
          </Button>
          <HomeButton />
        </Group>
      </Stack>
    </Frame>
  );
}
