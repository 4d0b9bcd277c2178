import { Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useState } from 'react';
import { z } from '../../../shared/zod';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';
import { PasswordSignInForm } from './password-sign-in-form';
import { SignInPaused } from './sign-in-paused';
import { useEnterAfterSignIn } from './session-cache';

function onSignInError(error: unknown) {
  // The server refused (wrong credentials, too many attempts) or could not be reached.
  if (error instanceof TRPCClientError && error.shape) {
    notify.error('Login Failed', errorMessage(error, 'Invalid username or password'));
  } else {
    notify.error('Error', 'Something went wrong. Please try again.');
  }
}

const secondFactorFormSchema = z.object({
  code: z.string().trim().min(1, 'Enter the 6-digit code or a recovery code').max(32, 'The code is too long'),
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
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { code: '' },
    validate: schemaResolver(secondFactorFormSchema, { sync: true }),
  });
  const verify = useMutation(
    trpc.auth.adminSecondFactor.mutationOptions({
      onSuccess: async () => {
        notify.success('Login Successful', 'Welcome back!');
        await onSignedIn();
      },
      onError: (error) => {
        const message = errorMessage(error, '');
        if (error instanceof TRPCClientError && error.data?.httpStatus === 401 && /expired/i.test(message)) {
          notify.error('Login Failed', message);
          onRestart();
        } else if (error instanceof TRPCClientError && error.data?.httpStatus === 401) {
          form.setFieldError('code', message || 'Invalid code');
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
        <Text>Enter the 6-digit code from your authenticator app, or one of your recovery codes.</Text>
        <TextInput
          label="Authentication code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          data-autofocus
          key={form.key('code')}
          {...form.getInputProps('code')}
        />
        <Button type="submit" size="md" fullWidth loading={verify.isPending || verify.isSuccess}>
          Verify and sign in
        </Button>
        <Button variant="subtle" onClick={onRestart}>
          Start again
        </Button>
      </Stack>
    </form>
  );
}

/** /admin-login: the administrator signs in (with the second factor when it is on) and goes to /admin. */
export function AdminLoginForm() {
  const enter = useEnterAfterSignIn();
  const [pendingToken, setPendingToken] = useState<string | null>(null);
  const login = useMutation(
    trpc.auth.adminLogin.mutationOptions({
      onSuccess: async (body) => {
        if (!body.success) {
          setPendingToken(body.pendingToken);
          return;
        }
        notify.success('Login Successful', 'Welcome back!');
        await enter('/admin');
      },
      onError: onSignInError,
    }),
  );

  if (pendingToken) {
    return (
      <SecondFactorForm
        pendingToken={pendingToken}
        onSignedIn={() => enter('/admin')}
        onRestart={() => {
          setPendingToken(null);
          login.reset();
        }}
      />
    );
  }
  return (
    <PasswordSignInForm
      submitLabel="Sign in as administrator"
      onSubmit={(values) => login.mutate(values)}
      busy={login.isPending || (login.isSuccess && login.data.success)}
      notice={<SignInPaused error={login.error} />}
    />
  );
}
