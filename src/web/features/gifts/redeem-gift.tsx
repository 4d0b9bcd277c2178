import { Alert, Blockquote, Button, Container, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconGift } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { GIFT_CODE_PATTERN } from '../../../shared/gifts-schemas';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';

/** `/redeem` without a code: the couple types the code from their card. */
function CodeForm() {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const normalized = code.trim().toUpperCase();
    if (!GIFT_CODE_PATTERN.test(normalized)) {
      setError('Enter the code as it is printed: GIFT-XXXX-XXXX-XXXX.');
      return;
    }
    void navigate({ to: '/redeem', search: { code: normalized } });
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Open a gift">
      <Stack gap="md">
        <Title order={1}>Open your gift</Title>
        <TextInput
          label="Gift code"
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
          Continue
        </Button>
      </Stack>
    </form>
  );
}

/**
 * `/redeem?code=GIFT-...` (decision 0242): who the gift is from and their message, and "Open your
 * gift": a new full-access account (its personal code goes to the gift's email) or, signed in, the
 * couple's own account upgraded. A gift opened already says so and points to sign-in.
 */
function GiftToOpen({ code }: { code: string }) {
  const preview = useQuery({ ...trpc.gifts.preview.queryOptions({ code }), retry: false });
  const redeem = useMutation(trpc.gifts.redeem.mutationOptions());
  if (preview.isPending) return <Loader aria-label="Loading your gift" />;
  if (preview.isError) {
    return (
      <Stack gap="md">
        <Title order={1}>Gift not found</Title>
        <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />}>
          {errorMessage(preview.error, 'This gift could not be opened. Please check the code.')}
        </Alert>
        <Button component={Link} to="/redeem" variant="light" w="fit-content">
          Type the code again
        </Button>
      </Stack>
    );
  }
  const gift = preview.data;
  if (redeem.isSuccess) {
    return (
      <Stack gap="md" role="status">
        <Title order={1}>Your course is open</Title>
        {redeem.data.outcome === 'upgraded' ? (
          <>
            <Text>Your account now has the full course: all 52 weeks.</Text>
            <Button component={Link} to="/dashboard" w="fit-content">
              Go to your dashboard
            </Button>
          </>
        ) : (
          <>
            <Text>
              We sent your personal access code to {redeem.data.email}. Sign in with that email and the code to start.
            </Text>
            <Button component={Link} to="/customer-login" w="fit-content">
              Sign in
            </Button>
          </>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <IconGift size={36} aria-hidden="true" />
      <Title order={1}>A gift for {gift.coupleNames}</Title>
      <Text>
        {gift.fromName} has given you Vows &amp; Weeks: 52 weeks of conversations to prepare for your marriage, in your
        own private course.
      </Text>
      {gift.message ? (
        <Blockquote cite={`– ${gift.fromName}`} style={{ whiteSpace: 'pre-line' }}>
          {gift.message}
        </Blockquote>
      ) : null}
      {gift.redeemed ? (
        <Alert color="blue" title="This gift has been opened">
          Sign in with the personal code that was emailed to you. <Link to="/customer-login">Sign in</Link>
        </Alert>
      ) : (
        <>
          {redeem.isError ? (
            <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} title="Not opened">
              {errorMessage(redeem.error, 'The gift could not be opened. Please try again.')}
            </Alert>
          ) : null}
          <Button size="md" w="fit-content" loading={redeem.isPending} onClick={() => redeem.mutate({ code })}>
            Open your gift
          </Button>
        </>
      )}
    </Stack>
  );
}

export function RedeemGiftPage({ code }: { code: string | undefined }) {
  return (
    <Container size="sm" py={{ base: 40, sm: 72 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        {code ? <GiftToOpen key={code} code={code} /> : <CodeForm />}
      </Paper>
    </Container>
  );
}
