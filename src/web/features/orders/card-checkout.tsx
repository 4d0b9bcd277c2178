import { Alert, Button, Container, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconLock, IconPencil, IconShieldCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { PriceQuote } from '../../../shared/coupons-schemas';
import type { CheckoutDetails } from '../../../shared/orders';
import { formatMoney } from '../../../shared/i18n/format';
import { CouponField } from '../../components/coupon-field';
import { translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';
import classes from './orders.module.css';

/** Where the browser goes to pay; replaced in tests (jsdom cannot navigate away). */
export const checkoutNavigation = {
  go: (url: string) => window.location.assign(url),
};

/** /checkout while the page learns whether card payments are on. */
export function CheckoutSkeleton() {
  return (
    <Container size="sm" py={{ base: 40, sm: 72 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="md" aria-busy="true" aria-label={translate('checkout.card.loading')}>
          <Skeleton height={36} width="60%" />
          {[1, 2, 3, 4].map((row) => (
            <Skeleton key={row} height={20} />
          ))}
          <Skeleton height={44} width={200} />
        </Stack>
      </Paper>
    </Container>
  );
}

/**
 * /checkout with card payments on (docs/product.md#card-payments): the order (the course, the
 * configured price, the buyer, the 30-day guarantee) and a Pay button that opens Stripe's hosted
 * payment page. Card details are typed there, never here.
 */
export function CardCheckout({
  details,
  priceCents,
  currency,
  couponCode,
}: {
  details: CheckoutDetails;
  /** A code the buyer applied before (the cancel URL brings it back). */
  couponCode?: string;
  priceCents: number;
  currency: string;
}) {
  const { t, locale } = useT();
  const start = useMutation(
    trpc.payments.startCheckout.mutationOptions({ onSuccess: ({ url }) => checkoutNavigation.go(url) }),
  );
  const [quote, setQuote] = useState<PriceQuote | null>(null);
  // The price the server quoted for the applied code; the server computes it again at checkout.
  const price = formatMoney(locale, quote ? quote.totalCents : priceCents, currency);
  const rows: [string, string][] = [
    [t('checkout.card.course'), t('checkout.workbookTitle')],
    [
      t('checkout.card.price'),
      quote
        ? t('gifts.checkout.priceWithCode', { price, code: quote.couponCode })
        : t('checkout.card.priceOnce', { price }),
    ],
    [t('checkout.card.name'), `${details.firstName} ${details.lastName}`],
    [t('checkout.card.email'), details.email],
  ];
  // Paying: from the click until the browser has left for Stripe's page.
  const paying = start.isPending || start.isSuccess;
  return (
    <Container size="sm" py={{ base: 40, sm: 72 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          <Title order={1}>{t('checkout.card.title')}</Title>
          <Text>{t('checkout.card.intro')}</Text>
          <dl className={classes.details} aria-label={t('checkout.card.yourOrder')}>
            {rows.map(([label, value]) => (
              <div key={label} className={classes.detailRow}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <List spacing="xs" icon={<IconShieldCheck size={18} aria-hidden="true" />}>
            <List.Item>{t('checkout.card.guarantee')}</List.Item>
            <List.Item>{t('checkout.card.instant')}</List.Item>
          </List>
          <CouponField email={details.email} initialCode={couponCode} onChange={setQuote} disabled={start.isPending} />
          {start.isError && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle aria-hidden="true" />}
              title={t('checkout.card.notStarted')}
            >
              {errorMessage(start.error, t('checkout.card.notStartedText'))}
            </Alert>
          )}
          <Group gap="sm">
            <Button
              size="md"
              leftSection={<IconLock size={18} aria-hidden="true" />}
              loading={paying}
              onClick={() => start.mutate({ ...details, ...(quote ? { couponCode: quote.couponCode } : {}) })}
            >
              {quote?.totalCents === 0 ? t('gifts.checkout.getCourse') : t('checkout.card.pay', { price })}
            </Button>
            {/* A typo in the email would send the access code astray: back to the filled-in form. */}
            <Button
              renderRoot={(props) => <Link {...props} to="/" search={details} hash="pricing" />}
              size="md"
              variant="subtle"
              leftSection={<IconPencil size={18} aria-hidden="true" />}
              disabled={paying}
            >
              {t('checkout.card.change')}
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            {t('checkout.card.stripeNote')}
          </Text>
        </Stack>
      </Paper>
    </Container>
  );
}
