import { Anchor, Button, Card, Code, CopyButton, Group, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { type ReactNode, useState } from 'react';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { type RouterOutputs, trpc } from '../../trpc';
import { CodeForm } from './code-form';
import { RecoveryCodes } from './recovery-codes';

type Setup = RouterOutputs['adminSecurity']['startSetup'];

/** A refusal the admin can fix in the field (a wrong code), or null for anything else. */
function fieldError(error: unknown): string | null {
  if (error instanceof TRPCClientError && error.data?.httpStatus === 400) return errorMessage(error, 'Wrong code');
  return null;
}

function failed(title: string, error: unknown) {
  if (!fieldError(error)) notify.error(title, errorMessage(error, 'Something went wrong. Please try again.'));
}

function SetupSteps({
  setup,
  onCancel,
  onConfirmed,
}: {
  setup: Setup;
  onCancel: () => void;
  onConfirmed: (codes: string[]) => void;
}) {
  const confirm = useMutation(
    trpc.adminSecurity.confirmSetup.mutationOptions({
      onSuccess: (result) => onConfirmed(result.recoveryCodes),
      onError: (error) => failed('Set-up Failed', error),
    }),
  );
  return (
    <Stack gap="md">
      <Text>
        1. Scan this QR code with an authenticator app (for example Google Authenticator, 1Password, Authy or your
        phone's password manager).
      </Text>
      <Image
        src={setup.qrCode}
        alt="QR code to add Vows & Weeks to your authenticator app"
        w={200}
        h={200}
        bg="white"
      />
      <Text size="sm">
        Can't scan it? Enter this key in the app instead, or{' '}
        <Anchor href={setup.otpauthUri}>open the app on this device</Anchor>:
      </Text>
      <Group gap="sm" wrap="wrap">
        <Code fz="md" data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
          {setup.secret}
        </Code>
        <CopyButton value={setup.secret} timeout={2500}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy}>
              {copied ? 'Copied' : 'Copy the key'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text>2. Enter the 6-digit code the app shows to switch two-factor sign-in on.</Text>
      <CodeForm
        label="6-digit code"
        submitLabel="Turn on"
        busy={confirm.isPending}
        error={fieldError(confirm.error)}
        onSubmit={(code) => confirm.mutate({ code })}
        extra={
          <Button variant="subtle" onClick={onCancel}>
            Cancel
          </Button>
        }
      />
    </Stack>
  );
}

/**
 * Settings → Two-factor sign-in (docs/product.md#admin-second-factor): set up a TOTP code with a QR
 * code, see the recovery codes once, and turn it off with a current code. Self-contained, so the
 * settings page can place it beside its other sections.
 */
export function TwoFactorSection() {
  const queryClient = useQueryClient();
  const status = useQuery(trpc.adminSecurity.status.queryOptions());
  const [setup, setSetup] = useState<Setup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.adminSecurity.status.queryKey() });

  const start = useMutation(
    trpc.adminSecurity.startSetup.mutationOptions({
      onSuccess: (result) => setSetup(result),
      onError: (error) => notify.error('Set-up Failed', errorMessage(error, 'Something went wrong. Please try again.')),
    }),
  );
  const disable = useMutation(
    trpc.adminSecurity.disable.mutationOptions({
      onSuccess: async () => {
        notify.success('Two-factor sign-in is off', 'Your password alone signs you in now.');
        await refresh();
      },
      onError: (error) => failed('Could Not Turn Off', error),
    }),
  );

  let body: ReactNode;
  if (recoveryCodes) {
    body = (
      <RecoveryCodes
        codes={recoveryCodes}
        onDone={() => {
          setRecoveryCodes(null);
          void refresh();
        }}
      />
    );
  } else if (setup) {
    body = (
      <SetupSteps
        setup={setup}
        onCancel={() => setSetup(null)}
        onConfirmed={(codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
          void refresh();
        }}
      />
    );
  } else if (status.isPending) {
    body = <Skeleton height={60} aria-label="Loading two-factor sign-in" />;
  } else if (status.isError) {
    body = <Text role="alert">Two-factor sign-in could not be loaded. Please reload the page.</Text>;
  } else if (status.data.enabled) {
    body = (
      <Stack gap="md">
        <Text>
          <strong>On.</strong> After your password, sign-in asks for the code from your authenticator app.{' '}
          {status.data.recoveryCodesLeft} of 10 recovery codes left.
        </Text>
        <CodeForm
          label="Current 6-digit code"
          submitLabel="Turn off two-factor sign-in"
          color="red"
          busy={disable.isPending}
          error={fieldError(disable.error)}
          onSubmit={(code) => disable.mutate({ code })}
        />
      </Stack>
    );
  } else {
    body = (
      <Stack gap="md" align="flex-start">
        <Text>
          <strong>Off.</strong> Add a code from an authenticator app to your sign-in, so a stolen password alone cannot
          open the back office.
        </Text>
        <Button loading={start.isPending} onClick={() => start.mutate()}>
          Set up two-factor sign-in
        </Button>
      </Stack>
    );
  }

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="two-factor-heading">
      <Stack gap="md">
        <Title order={2} size="h3" id="two-factor-heading">
          Two-factor sign-in
        </Title>
        {body}
      </Stack>
    </Card>
  );
}
