import { Alert, Blockquote, Button, Container, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconGift } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { GIFT_CODE_PATTERN, normalizeGiftCode } from '../../../shared/gifts-schemas';
import { PRODUCT_NAME } from '../../../shared/constants';
import { useT } from '../../i18n/use-t';
import { errorMessage, errorStatus } from '../../lib/api-error';
import { trpc } from '../../trpc';

/** `/redeem` without a code: the couple types the code from their card. */
function CodeForm({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useT();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Typed as on the card or not ("gift dvj6 mvf2 94w2"): the server reads it the same way.
    const normalized = normalizeGiftCode(code);
    if (!GIFT_CODE_PATTERN.test(normalized)) {
      setError(t('gifts.redeem.codeInvalid'));
      return;
    }
    // Kept in the page's history entry, never in its address (decision 0367).
    onCode(normalized);
  }
  return (
    <form onSubmit={submit} noValidate aria-label={t('gifts.redeem.formLabel')}>
      <Stack gap="md">
        <Title order={1}>{t('gifts.redeem.title')}</Title>
        <TextInput
          label={t('gifts.redeem.codeLabel')}
          placeholder="GIFT-XXXX-XXXX-XXXX"
          value={code}
          error={error}
          autoComplete="off"
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setError(null);
          }}
        />
        <Button type="submit" w="fit-content">
          {t('gifts.redeem.continue')}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * `/redeem#code=GIFT-...` (decision 0242, 0367): who the gift is from and their message, and "Open your
 * gift": a new full-access account (its personal code goes to the gift's email) or, signed in, the
 * couple's own account upgraded. A gift opened already says so and points to sign-in.
 */
function GiftToOpen({ code }: { code: string }) {
  const { t } = useT();
  const preview = useQuery({ ...trpc.gifts.preview.queryOptions({ code }), retry: false });
  const redeem = useMutation(trpc.gifts.redeem.mutationOptions());
  if (preview.isPending) return <Loader aria-label={t('gifts.redeem.loading')} />;
  if (preview.isError) {
    return (
      <Stack gap="md">
        {/* An unknown code is "not found"; a refunded or opened gift's code is right, but will not open. */}
        <Title order={1}>
          {errorStatus(preview.error) === 404 ? t('gifts.redeem.notFound') : t('gifts.redeem.cannotOpen')}
        </Title>
        <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />}>
          {errorMessage(preview.error, t('gifts.redeem.notFoundFallback'))}
        </Alert>
        <Button component={Link} to="/redeem" variant="light" w="fit-content">
          {t('gifts.redeem.tryAgain')}
        </Button>
      </Stack>
    );
  }
  const gift = preview.data;
  if (redeem.isSuccess) {
    return (
      <Stack gap="md" role="status">
        <Title order={1}>{t('gifts.redeem.opened')}</Title>
        {redeem.data.outcome === 'upgraded' ? (
          <>
            <Text>{t('gifts.redeem.upgraded')}</Text>
            <Button component={Link} to="/dashboard" w="fit-content">
              {t('gifts.redeem.dashboard')}
            </Button>
          </>
        ) : (
          <>
            {/* Signed out, an account that had the email keeps its code: it signs in with it (decision 0316). */}
            <Text>
              {redeem.data.outcome === 'existing'
                ? t('gifts.redeem.existing', { email: redeem.data.email })
                : t('gifts.redeem.created', { email: redeem.data.email })}
            </Text>
            <Button component={Link} to="/customer-login" w="fit-content">
              {t('gifts.redeem.signIn')}
            </Button>
          </>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <IconGift size={36} aria-hidden="true" />
      <Title order={1}>{t('gifts.redeem.giftFor', { couple: gift.coupleNames })}</Title>
      <Text>{t('gifts.redeem.from', { buyer: gift.fromName, product: PRODUCT_NAME })}</Text>
      {gift.message ? (
        <Blockquote cite={`– ${gift.fromName}`} style={{ whiteSpace: 'pre-line' }}>
          {gift.message}
        </Blockquote>
      ) : null}
      {gift.redeemed ? (
        <Alert color="blue" title={t('gifts.redeem.alreadyOpened')} role="note">
          {t('gifts.redeem.alreadyOpenedText')} <Link to="/customer-login">{t('gifts.redeem.signIn')}</Link>
        </Alert>
      ) : (
        <>
          {redeem.isError ? (
            <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} title={t('gifts.redeem.notOpened')}>
              {errorMessage(redeem.error, t('gifts.redeem.notOpenedFallback'))}
            </Alert>
          ) : null}
          <Button size="md" w="fit-content" loading={redeem.isPending} onClick={() => redeem.mutate({ code })}>
            {t('gifts.redeem.open')}
          </Button>
        </>
      )}
    </Stack>
  );
}

export function RedeemGiftPage({ code, onCode }: { code: string | undefined; onCode: (code: string) => void }) {
  return (
    <Container size="sm" py={{ base: 40, sm: 72 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        {code ? <GiftToOpen key={code} code={code} /> : <CodeForm onCode={onCode} />}
      </Paper>
    </Container>
  );
}
