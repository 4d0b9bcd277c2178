import { Alert, Button, Divider, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { customerSignInSchema, type CustomerSignInInput } from '../../../shared/auth-schemas';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';
import { AccessCodeHints } from './access-code-hints';
import { PersonalCodeReveal } from './personal-code-reveal';
import { RequestCodeForm } from './request-code-form';
import { SignInPaused } from './sign-in-paused';
import { resetSessionCache } from './session-cache';

/**
 * /customer-login: email plus an access code (personal, trial or demo). A trial sign-up stays on the
 * page to show the new personal code once; every other sign-in goes straight to the dashboard.
 */
export function CustomerLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [newTrial, setNewTrial] = useState<{ email: string; accessCode: string } | null>(null);
  const [continuing, setContinuing] = useState(false);
  // A trial while mail is configured: its code went to the email, and the couple signs in with it here.
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const form = useForm<CustomerSignInInput>({
    mode: 'uncontrolled',
    initialValues: { email: '', accessCode: '' },
    validate: schemaResolver(customerSignInSchema, { sync: true }),
  });
  const login = useMutation(
    trpc.auth.customerLogin.mutationOptions({
      onSuccess: async (result, input) => {
        await resetSessionCache(queryClient);
        if (result.codeSentTo) {
          notify.success('Check your inbox', 'Your personal access code is on its way.');
          setCodeSentTo(result.codeSentTo);
          form.setValues({ email: result.codeSentTo, accessCode: '' });
          return;
        }
        if (result.accessCode) {
          notify.success('Login Successful', 'Your free trial has started.');
          setNewTrial({ email: input.email.trim().toLowerCase(), accessCode: result.accessCode });
          return;
        }
        notify.success('Login Successful', result.firstSignIn ? 'Welcome!' : 'Welcome back!');
        await navigate({ to: '/dashboard' });
      },
      onError: (error) => notify.error('Login Failed', errorMessage(error, 'Invalid email or access code')),
    }),
  );

  if (newTrial) {
    return (
      <PersonalCodeReveal
        email={newTrial.email}
        accessCode={newTrial.accessCode}
        continuing={continuing}
        onContinue={() => {
          setContinuing(true);
          void navigate({ to: '/dashboard' });
        }}
      />
    );
  }

  const busy = login.isPending || (login.isSuccess && !codeSentTo);
  return (
    <Stack gap="lg">
      {codeSentTo && (
        <Alert variant="light" color="plum" title="Your free trial is ready" role="status">
          We have emailed your personal access code to <strong>{codeSentTo}</strong>. Enter it below to sign in (check
          the spam folder if it has not arrived in a few minutes).
        </Alert>
      )}
      <form noValidate onSubmit={form.onSubmit((values) => login.mutate(values))}>
        <Stack gap="md">
          <SignInPaused error={login.error} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <TextInput
            label="Access code"
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            required
            key={form.key('accessCode')}
            {...form.getInputProps('accessCode')}
          />
          <Button type="submit" size="md" fullWidth loading={busy}>
            Sign in
          </Button>
        </Stack>
      </form>
      <AccessCodeHints
        onUseTrialCode={(code) => {
          form.setFieldValue('accessCode', code);
          form.getInputNode('email')?.focus();
        }}
        onUseDemo={(email, code) => form.setValues({ email, accessCode: code })}
      />
      <RequestCodeForm />
      <Divider label="No access code yet?" labelPosition="center" />
      <Button component={Link} to="/" hash="pricing" variant="outline" size="md" fullWidth>
        Purchase the course
      </Button>
    </Stack>
  );
}
