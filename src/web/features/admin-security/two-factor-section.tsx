import { Anchor, Button, Card, Code, CopyButton, Group, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { type ReactNode, useState } from 'react';
import { notify } from '../../components/notifications';
import type { MessageId } from '../../../shared/i18n/locales';
import { translate } from '../../i18n/i18n';
import { T, useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/api-error';
import { rememberFocus, returnFocus } from '../../lib/focus';
import { type RouterOutputs, trpc } from '../../trpc';
import { CodeForm } from './code-form';
import { RECOVERY_CODES_ID, RecoveryCodes } from './recovery-codes';

type Setup = RouterOutputs['adminSecurity']['startSetup'];

/** The server's known refusals (docs/product.md#http-api keeps them English) in the admin's language. */
const SERVER_MESSAGES: Record<string, MessageId> = {
  'That code is not right. Check that the time on your phone is set automatically, and enter the newest code.':
    'admin.twoFactor.serverWrongCode',
  'Start the set-up first: no set-up is waiting for a code.': 'admin.twoFactor.serverStartFirst',
  'Two-factor sign-in is already on.': 'admin.twoFactor.serverAlreadyOn',
  'Two-factor sign-in is already on. Turn it off first to set it up again.': 'admin.twoFactor.serverAlreadyOnRestart',
  'That set-up was already confirmed or restarted. Please start again.': 'admin.twoFactor.serverRestarted',
  'Two-factor sign-in is not on.': 'admin.twoFactor.serverNotOn',
  'Enter the 6-digit code from your authenticator app': 'admin.twoFactor.codeInvalid',
};

function shownMessage(error: unknown, fallback: MessageId): string {
  // The server's own sentence first: on a Spanish page errorMessage has already put the fallback
  // in its place, so looking its answer up afterwards only ever worked in English (issue 35).
  const known = error instanceof TRPCClientError ? SERVER_MESSAGES[error.message.trim()] : undefined;
  return known ? translate(known) : errorMessage(error, translate(fallback));
}

/** A refusal the admin can fix in the field (a wrong code), or null for anything else. */
function fieldError(error: unknown): string | null {
  if (error instanceof TRPCClientError && error.data?.httpStatus === 400) {
    return shownMessage(error, 'admin.twoFactor.wrongCode');
  }
  return null;
}

function failed(title: MessageId, error: unknown) {
  if (!fieldError(error)) notify.error(translate(title), shownMessage(error, 'admin.twoFactor.somethingWrong'));
}

/** Where the focus goes in the section as a step replaces another (decision 0346). */
const HEADING_ID = 'two-factor-heading';
const STEP_ONE_ID = 'two-factor-step-1';
const SET_UP_ID = 'two-factor-set-up';

/**
 * A refused code: the focus goes to the code field, which says why under it (read out with the
 * field); any other refusal leaves it on the button (disabled while the request ran), read out by
 * the error toast's role=alert.
 */
function focusAfterRefusal(remembered: ReturnType<typeof rememberFocus> | undefined, error: unknown) {
  returnFocus(remembered, (control) =>
    fieldError(error) && control instanceof HTMLButtonElement
      ? (control.form?.querySelector<HTMLInputElement>('input') ?? control)
      : control,
  );
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
  const { t } = useT();
  const confirm = useMutation(
    trpc.adminSecurity.confirmSetup.mutationOptions({
      // Turned on, the recovery codes replace these steps and take the focus.
      onMutate: rememberFocus,
      onSuccess: (result, _input, remembered) => {
        onConfirmed(result.recoveryCodes);
        returnFocus(remembered, () => document.getElementById(RECOVERY_CODES_ID));
      },
      onError: (error, _input, remembered) => {
        failed('admin.twoFactor.setupFailed', error);
        focusAfterRefusal(remembered, error);
      },
    }),
  );
  return (
    <Stack gap="md">
      <Text id={STEP_ONE_ID}>{t('admin.twoFactor.step1')}</Text>
      <Image src={setup.qrCode} alt={t('admin.twoFactor.qrAlt')} w={200} h={200} bg="white" />
      <Text size="sm">
        <T id="admin.twoFactor.cantScan" components={{ 0: <Anchor href={setup.otpauthUri} /> }} />
      </Text>
      <Group gap="sm" wrap="wrap">
        <Code fz="md" data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
          {setup.secret}
        </Code>
        <CopyButton value={setup.secret} timeout={2500}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy}>
              {copied ? t('admin.copied') : t('admin.twoFactor.copyKey')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text>{t('admin.twoFactor.step2')}</Text>
      <CodeForm
        label={t('admin.twoFactor.codeLabel')}
        submitLabel={t('admin.twoFactor.turnOn')}
        busy={confirm.isPending}
        error={fieldError(confirm.error)}
        onSubmit={(code) => confirm.mutate({ code })}
        extra={
          <Button variant="subtle" onClick={onCancel}>
            {t('admin.cancel')}
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
  const { t } = useT();

  const start = useMutation(
    trpc.adminSecurity.startSetup.mutationOptions({
      // Started, the steps replace the button and the focus goes to the first; refused, it stays
      // on the button (disabled while the request runs) and the error toast's role=alert reads it.
      onMutate: rememberFocus,
      onSuccess: (result, _input, remembered) => {
        setSetup(result);
        returnFocus(remembered, () => document.getElementById(STEP_ONE_ID));
      },
      onError: (error, _input, remembered) => {
        notify.error(t('admin.twoFactor.setupFailed'), shownMessage(error, 'admin.twoFactor.somethingWrong'));
        returnFocus(remembered);
      },
    }),
  );
  const disable = useMutation(
    trpc.adminSecurity.disable.mutationOptions({
      // Turned off, the form goes and the focus moves to the section's heading (the toast says it).
      onMutate: rememberFocus,
      onSuccess: async (_result, _input, remembered) => {
        notify.success(t('admin.twoFactor.offToast.title'), t('admin.twoFactor.offToast.body'));
        await refresh();
        returnFocus(remembered, () => document.getElementById(HEADING_ID));
      },
      onError: (error, _input, remembered) => {
        failed('admin.twoFactor.couldNotTurnOff', error);
        focusAfterRefusal(remembered, error);
      },
    }),
  );

  let body: ReactNode;
  if (recoveryCodes) {
    body = (
      <RecoveryCodes
        codes={recoveryCodes}
        onDone={() => {
          // The codes go: the focus moves to the section's heading, over the status that replaces them.
          const remembered = rememberFocus();
          setRecoveryCodes(null);
          void refresh();
          returnFocus(remembered, () => document.getElementById(HEADING_ID));
        }}
      />
    );
  } else if (setup) {
    body = (
      <SetupSteps
        setup={setup}
        onCancel={() => {
          // The steps go: the focus goes back to the button that opened them.
          const remembered = rememberFocus();
          setSetup(null);
          returnFocus(remembered, () => document.getElementById(SET_UP_ID));
        }}
        onConfirmed={(codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
          void refresh();
        }}
      />
    );
  } else if (status.isPending) {
    body = <Skeleton height={60} role="status" aria-label={t('admin.twoFactor.loading')} />;
  } else if (status.isError) {
    body = <Text role="alert">{t('admin.twoFactor.loadFailed')}</Text>;
  } else if (status.data.enabled) {
    body = (
      <Stack gap="md">
        <Text>
          <T id="admin.twoFactor.on" values={{ left: status.data.recoveryCodesLeft }} components={{ 0: <strong /> }} />
        </Text>
        <CodeForm
          label={t('admin.twoFactor.currentCode')}
          submitLabel={t('admin.twoFactor.turnOff')}
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
          <T id="admin.twoFactor.off" components={{ 0: <strong /> }} />
        </Text>
        <Button id={SET_UP_ID} loading={start.isPending} onClick={() => start.mutate()}>
          {t('admin.twoFactor.setUp')}
        </Button>
      </Stack>
    );
  }

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="two-factor-heading">
      <Stack gap="md">
        <Title order={2} size="h3" id={HEADING_ID}>
          {t('admin.twoFactor.heading')}
        </Title>
        {body}
      </Stack>
    </Card>
  );
}
