import { Alert, Anchor, Button, Code, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconGift } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { giftCardFileName } from '../../../shared/download-names';
import { formatDate } from '../../../shared/i18n/format';
import { notify } from '../../components/notifications';
import { T, useT } from '../../i18n/use-t';
import { errorMessage, restErrorMessage } from '../../lib/api-error';
import { downloadFile, RestError } from '../../lib/rest';
import { trpc } from '../../trpc';

/**
 * How often, and how many times, the page asks whether the payment was confirmed (the webhook):
 * about two minutes. A payment still unconfirmed after that (held for review, a slow bank) will not
 * change while the buyer watches: the page stops asking, says so, and offers to check again.
 */
export const GIFT_POLL = { ms: 2000, times: 60 };

/**
 * `/gift/sent?token=...` (decision 0242): the buyer's receipt page. Until the payment is confirmed
 * it says so and asks again; then the gift's state, its redeem code and the printable card.
 */
export function GiftReceiptPage({ token }: { token: string }) {
  const { t, locale } = useT();
  const receipt = useQuery({
    ...trpc.gifts.receipt.queryOptions({ token }),
    refetchInterval: (query) =>
      query.state.data &&
      !query.state.data.paid &&
      query.state.data.status !== 'refunded' &&
      query.state.data.status !== 'payment-failed' &&
      query.state.dataUpdateCount <= GIFT_POLL.times
        ? GIFT_POLL.ms
        : false,
  });
  // The answers so far (the query's own count is not part of its result): each changes dataUpdatedAt.
  const [answers, setAnswers] = useState(0);
  useEffect(() => {
    if (receipt.dataUpdatedAt > 0) setAnswers((count) => count + 1);
  }, [receipt.dataUpdatedAt]);
  const stillWaiting = receipt.isSuccess && !receipt.data.paid && answers > GIFT_POLL.times;
  // The couple who opened it deleted their account: the gift no longer holds their names (decision 0334).
  const named = receipt.isSuccess && receipt.data.coupleNames !== '';
  return (
    <Container size="sm" py={{ base: 40, sm: 72 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        {receipt.isPending ? (
          <Stack align="center" aria-busy="true">
            <Loader aria-label={t('gifts.receipt.loading')} />
          </Stack>
        ) : receipt.isError ? (
          // The page's heading says what happened (every page has an h1; WCAG 2.4.6).
          <Stack gap="md">
            <Title order={1}>{t('gifts.receipt.notFound')}</Title>
            <Alert color="red">{errorMessage(receipt.error, t('gifts.receipt.notFoundFallback'))}</Alert>
          </Stack>
        ) : receipt.data.status === 'refunded' ? (
          <Stack gap="sm">
            <Title order={1}>{t('gifts.receipt.refunded')}</Title>
            <Text role="status">{t('gifts.receipt.refundedText', { couple: receipt.data.coupleNames })}</Text>
          </Stack>
        ) : receipt.data.status === 'payment-failed' ? (
          // Its delayed payment failed (decision 0352): over, not a payment still being confirmed.
          <Stack gap="sm">
            <Title order={1}>{t('gifts.receipt.failed')}</Title>
            <Text role="status">
              <T
                id="gifts.receipt.failedText"
                values={{ couple: receipt.data.coupleNames }}
                components={{ 0: <Anchor component={Link} to="/gift" /> }}
              />
            </Text>
          </Stack>
        ) : !receipt.data.paid && stillWaiting ? (
          <Stack gap="sm" align="flex-start">
            <Title order={1}>{t('gifts.receipt.slow')}</Title>
            <Text role="status">{t('gifts.receipt.slowText')}</Text>
            <Button variant="light" loading={receipt.isFetching} onClick={() => void receipt.refetch()}>
              {t('gifts.receipt.checkAgain')}
            </Button>
          </Stack>
        ) : !receipt.data.paid ? (
          <Stack gap="sm" role="status">
            <Title order={1}>{t('gifts.receipt.confirming')}</Title>
            <Text>{t('gifts.receipt.confirmingText')}</Text>
            <Loader size="sm" aria-hidden="true" />
          </Stack>
        ) : (
          <Stack gap="md">
            <IconGift size={36} aria-hidden="true" />
            <Title order={1}>
              {named ? t('gifts.receipt.title', { couple: receipt.data.coupleNames }) : t('gifts.receipt.titleUnnamed')}
            </Title>
            <Text role="status">
              {receipt.data.status === 'redeemed'
                ? named
                  ? t('gifts.receipt.opened', { couple: receipt.data.coupleNames })
                  : t('gifts.receipt.openedUnnamed')
                : receipt.data.status === 'scheduled'
                  ? t('gifts.receipt.scheduled', {
                      email: receipt.data.coupleEmail,
                      date: formatDate(locale, receipt.data.sendAt),
                    })
                  : t('gifts.receipt.sent', { email: receipt.data.coupleEmail })}{' '}
              {t('gifts.receipt.receiptNote')}
            </Text>
            {receipt.data.redeemCode ? (
              <div>
                <Text size="sm" c="dimmed">
                  {t('gifts.receipt.code')}
                </Text>
                <Code fz="lg" data-testid="gift-code">
                  {receipt.data.redeemCode}
                </Code>
              </div>
            ) : null}
            {receipt.data.cardUrl ? (
              <GiftCardDownload url={receipt.data.cardUrl} onRefused={() => void receipt.refetch()} />
            ) : null}
            <Text size="sm" c="dimmed">
              {t('gifts.receipt.inPerson', { url: `${window.location.origin}/redeem` })}
            </Text>
          </Stack>
        )}
      </Paper>
    </Container>
  );
}

/**
 * The printable card's button. The card is fetched first, so a refusal (a gift refunded or
 * forgotten since the page was opened, the database out) is said on the page in its language
 * rather than as a failed download. The server names the file in the gift's language; the page's
 * is the fallback. A refusal of the gift itself (4xx) means the receipt on the page is out of
 * date: `onRefused` reads it again, so the page stops offering a card there is no longer.
 */
function GiftCardDownload({ url, onRefused }: { url: string; onRefused: () => void }) {
  const { t, locale } = useT();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(url, giftCardFileName(locale));
    } catch (error) {
      notify.error(t('gifts.receipt.cardFailedTitle'), restErrorMessage(error, t('gifts.receipt.cardFailed')));
      if (error instanceof RestError && error.status >= 400 && error.status < 500) onRefused();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      leftSection={<IconDownload size={18} aria-hidden="true" />}
      variant="light"
      w="fit-content"
      loading={busy}
      onClick={() => void download()}
    >
      {t('gifts.receipt.card')}
    </Button>
  );
}
