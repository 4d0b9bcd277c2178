import { Alert, Anchor, Button, Code, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconGift } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';

/** How often the page asks whether the payment was confirmed (the webhook). */
const POLL_MS = 2000;

function dateOf(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });
}

/**
 * `/gift/sent?token=...` (decision 0242): the buyer's receipt page. Until the payment is confirmed
 * it says so and asks again; then the gift's state, its redeem code and the printable card.
 */
export function GiftReceiptPage({ token }: { token: string }) {
  const receipt = useQuery({
    ...trpc.gifts.receipt.queryOptions({ token }),
    refetchInterval: (query) => (query.state.data && !query.state.data.paid ? POLL_MS : false),
  });
  return (
    <Container size="sm" py={{ base: 40, sm: 72 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        {receipt.isPending ? (
          <Stack align="center" aria-busy="true">
            <Loader aria-label="Loading your gift" />
          </Stack>
        ) : receipt.isError ? (
          <Alert color="red" title="Gift not found">
            {errorMessage(receipt.error, 'Please use the link from your receipt email.')}
          </Alert>
        ) : !receipt.data.paid ? (
          <Stack gap="sm" role="status">
            <Title order={1}>Your payment is being confirmed</Title>
            <Text>This takes a few seconds; this page updates by itself.</Text>
            <Loader size="sm" aria-hidden="true" />
          </Stack>
        ) : (
          <Stack gap="md">
            <IconGift size={36} aria-hidden="true" />
            <Title order={1}>Thank you! Your gift for {receipt.data.coupleNames} is ready</Title>
            <Text role="status">
              {receipt.data.status === 'redeemed'
                ? `${receipt.data.coupleNames} have opened it.`
                : receipt.data.status === 'scheduled'
                  ? `We will email it to ${receipt.data.coupleEmail} on ${dateOf(receipt.data.sendAt)}.`
                  : `We have emailed it to ${receipt.data.coupleEmail}.`}{' '}
              A receipt is on its way to your email, and we will tell you when they open it.
            </Text>
            {receipt.data.redeemCode ? (
              <div>
                <Text size="sm" c="dimmed">
                  Their gift code
                </Text>
                <Code fz="lg" data-testid="gift-code">
                  {receipt.data.redeemCode}
                </Code>
              </div>
            ) : null}
            {receipt.data.cardUrl ? (
              <Button
                component="a"
                href={receipt.data.cardUrl}
                leftSection={<IconDownload size={18} aria-hidden="true" />}
                variant="light"
                w="fit-content"
              >
                Download the printable card (PDF)
              </Button>
            ) : null}
            <Text size="sm" c="dimmed">
              Handing it over in person? Print the card: the code on it opens the course at{' '}
              <Anchor href="/redeem">{`${window.location.origin}/redeem`}</Anchor>.
            </Text>
          </Stack>
        )}
      </Paper>
    </Container>
  );
}
