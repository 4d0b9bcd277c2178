import { Alert, Anchor, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { formatMoney } from '../../../shared/i18n/format';
import { T, useT } from '../../i18n/use-t';
import type { CheckoutDetails } from '../../../shared/orders';

/**
 * /checkout while card payments are not wired (docs/product.md#pages-and-routes and
 * docs/product.md#orders): says so plainly, repeats what the visitor asked for, and points to the
 * contact form and back to the course page. The price is the configured PRICE_CENTS in CURRENCY.
 * /gift has no order details yet: without them it names the gift and its price instead.
 */
export function PaymentSetupRequired({
  details,
  priceCents,
  currency,
}: {
  details?: CheckoutDetails;
  priceCents: number;
  currency: string;
}) {
  const { t, locale } = useT();
  return (
    <Container size="sm" py={{ base: 40, sm: 72 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1}>{t('checkout.setup.title')}</Title>
          <Alert
            variant="light"
            color="plum"
            icon={<IconClock aria-hidden="true" />}
            title={t('checkout.setup.alertTitle')}
            role="note"
          >
            {/* Spanish speaks to the couple as ustedes and to a gift's giver as tú (decision 0230). */}
            {t(details ? 'checkout.setup.alertText' : 'checkout.setup.giftAlertText')}
          </Alert>
          <Text>
            <T
              id={details ? 'checkout.setup.summary' : 'checkout.setup.giftSummary'}
              values={{
                ...details,
                title: t('checkout.workbookTitle'),
                price: formatMoney(locale, priceCents, currency),
              }}
              components={{ 0: <strong />, 1: <strong /> }}
            />
          </Text>
          <Text>
            <T
              id={details ? 'checkout.setup.contact' : 'checkout.setup.giftContact'}
              components={{ 0: <Anchor component={Link} to="/" hash="contact" /> }}
            />
          </Text>
          <Button component={Link} to="/" size="md" variant="filled" style={{ alignSelf: 'flex-start' }}>
            {t('checkout.setup.back')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
