import { Alert, Anchor, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { formatMoney } from '../../../shared/money';
import type { CheckoutDetails } from '../../../shared/orders';
import { WORKBOOK_TITLE } from '../../../shared/constants';

/**
 * /checkout while card payments are not wired (docs/product.md#pages-and-routes and
 * docs/product.md#orders): says so plainly, repeats what the visitor asked for, and points to the
 * contact form and back to the course page. The price is the configured PRICE_CENTS in CURRENCY.
 */
export function PaymentSetupRequired({
  details,
  priceCents,
  currency,
}: {
  details: CheckoutDetails;
  priceCents: number;
  currency: string;
}) {
  return (
    <Container size="sm" py={{ base: 40, sm: 72 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1}>Payment Setup Required</Title>
          <Alert
            variant="light"
            color="plum"
            icon={<IconClock aria-hidden="true" />}
            title="Card payments are being set up"
          >
            We are still configuring payment processing, so we cannot take your payment online just yet. Please contact
            us and we will complete your order by hand.
          </Alert>
          <Text>
            Thank you, {details.firstName}! You asked for <strong>{WORKBOOK_TITLE}</strong> (
            {formatMoney(priceCents, currency)}, one-time) for {details.firstName} {details.lastName}, at{' '}
            <strong>{details.email}</strong>.
          </Text>
          <Text>
            Send us a note through the{' '}
            <Anchor component={Link} to="/" hash="contact">
              contact form
            </Anchor>{' '}
            with the email above and we will reply within 24 hours with a secure way to pay and your personal access
            code.
          </Text>
          <Button component={Link} to="/" size="md" variant="filled" style={{ alignSelf: 'flex-start' }}>
            Return to Course Page
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
