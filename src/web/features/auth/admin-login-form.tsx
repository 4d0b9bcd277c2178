import { Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useState } from 'react';
import { z } from '../../../shared/zod';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { rememberFocus, returnFocus } from '../../lib/focus';
import { trpc } from '../../trpc';
import { PasswordSignInForm } from './password-sign-in-form';
import { SignInPaused } from './sign-in-paused';
import { useEnterAfterSignIn } from '../../lib/session-cache';
import { translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';

function onSignInError(error: unknown) {
  // The server refused (wrong credentials, too many attempts) or could not be reached.
  if (error instanceof TRPCClientError && error.shape) {
    notify.error(translate('auth.toast.signInFailed'), errorMessage(error, translate('auth.password.invalid')));
  } else {
    notify.error(translate('auth.toast.error'), translate('auth.toast.tryAgain'));
  }
}

const secondFactorFormSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, { error: () => translate('auth.admin.codeRequired') })
    .max(32, { error: () => translate('auth.admin.codeTooLong') }),
});

/**
 * The sign-in's second step (docs/product.md#admin-second-factor): the 6-digit code from the
 * authenticator app, or a recovery code. No session exists until it is accepted.
 */
function SecondFactorForm({
  pendingToken,
  onSignedIn,
  onRestart,
}: {
  pendingToken: string;
  onSignedIn: () => Promise<void>;
  onRestart: () => void;
}) {
  const { t } = useT();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { code: '' },
    validate: schemaResolver(secondFactorFormSchema, { sync: true }),
  });
  const verify = useMutation(
    trpc.auth.adminSecondFactor.mutationOptions({
      onSuccess: () => onSignedIn(),
      onError: (error) => {
        const message = errorMessage(error, '');
        if (error instanceof TRPCClientError && error.data?.httpStatus === 401 && /expired/i.test(message)) {
          notify.error(t('auth.toast.signInFailed'), message);
          onRestart();
        } else if (error instanceof TRPCClientError && error.data?.httpStatus === 401) {
          form.setFieldError('code', message || t('auth.admin.invalidCode'));
        } else {
          onSignInError(error);
        }
      },
    }),
  );
  return (
    <form noValidate onSubmit={form.onSubmit((values) => verify.mutate({ pendingToken, code: values.code }))}>
      <Stack gap="md">
        <SignInPaused error={verify.error} />
        <Text>{t('auth.admin.secondFactorText')}</Text>
        <TextInput
          label={t('auth.admin.codeLabel')}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          data-autofocus
          key={form.key('code')}
          {...form.getInputProps('code')}
        />
        <Button type="submit" size="md" fullWidth loading={verify.isPending || verify.isSuccess}>
          {t('auth.admin.verify')}
        </Button>
        <Button variant="subtle" onClick={onRestart}>
          {t('auth.admin.restart')}
        </Button>
      </Stack>
    </form>
  );
}

/** /admin-login: the administrator signs in (with the second factor when it is on) and goes to /admin. */
export function AdminLoginForm() {
  const enter = useEnterAfterSignIn();
  const enterAdmin = () =>
    enter('/admin', () => notify.success(translate('auth.toast.signedIn'), translate('auth.toast.welcomeBack')));
  const [pendingToken, setPendingToken] = useState<string | null>(null);
  const { t } = useT();
  const login = useMutation(
    trpc.auth.adminLogin.mutationOptions({
      // A refusal brings the focus back to the button its loading state disabled (decision 0346).
      onMutate: rememberFocus,
      onSuccess: async (body) => {
        if (!body.success) {
          setPendingToken(body.pendingToken);
          return;
        }
        await enterAdmin();
      },
      onError: (error, _input, remembered) => {
        onSignInError(error);
        returnFocus(remembered);
      },
    }),
  );

  if (pendingToken) {
    return (
      <SecondFactorForm
        pendingToken={pendingToken}
        onSignedIn={enterAdmin}
        onRestart={() => {
          setPendingToken(null);
          login.reset();
        }}
      />
    );
  }
  return (
    <PasswordSignInForm
      submitLabel={t('auth.admin.submit')}
      onSubmit={(values) => login.mutate(values)}
      busy={login.isPending || (login.isSuccess && login.data.success)}
      notice={<SignInPaused error={login.error} />}
    />
  );
}
