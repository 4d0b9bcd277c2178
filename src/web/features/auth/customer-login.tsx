import { Alert, Button, Divider, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { localizedSchemaResolver } from '../../lib/localized-resolver';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { customerSignInSchema, type CustomerSignInInput } from '../../../shared/auth-schemas';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { rememberFocus, returnFocus } from '../../lib/focus';
import { trpc } from '../../trpc';
import { AccessCodeHints } from './access-code-hints';
import { PERSONAL_CODE_HEADING_ID, PersonalCodeReveal } from './personal-code-reveal';
import { RequestCodeForm } from './request-code-form';
import { SignInPaused } from './sign-in-paused';
import { safeNextPath } from '../../lib/next-path';
import { pathOf, resetSessionCache } from '../../lib/session-cache';
import { rememberSignInMethod } from '../../lib/sign-in-method';
import { adoptAccountLocale, translate } from '../../i18n/i18n';
import { T, useT } from '../../i18n/use-t';

/**
 * /customer-login: email plus an access code (personal, trial or demo). A trial sign-up stays on the
 * page to show the new personal code once; every other sign-in goes straight to the dashboard, or to
 * `next` (a path of this site, lib/next-path.ts) when a page sent the couple here.
 */
export function CustomerLogin({ next: asked }: { next?: string | undefined }) {
  const next = safeNextPath(asked);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useT();
  const [newTrial, setNewTrial] = useState<{ email: string; accessCode: string } | null>(null);
  const [continuing, setContinuing] = useState(false);
  // A trial while mail is configured: its code went to the email, and the couple signs in with it here.
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const form = useForm<CustomerSignInInput>({
    mode: 'uncontrolled',
    initialValues: { email: '', accessCode: '' },
    validate: localizedSchemaResolver(customerSignInSchema),
  });
  const login = useMutation(
    trpc.auth.customerLogin.mutationOptions({
      // "Sign in" is disabled while the request runs, and the browser drops its focus to the page's
      // body: a refusal brings it back to the button, a trial's personal code to the code's heading
      // (the screen-reader pass of 2026-11-28, decision 0346).
      onMutate: rememberFocus,
      onSuccess: async (result, input, remembered) => {
        // Signing out later comes back to this tab (a trial's code is a code too).
        rememberSignInMethod('code');
        await resetSessionCache(queryClient);
        if (result.codeSentTo) {
          notify.success(t('auth.toast.checkInbox'), t('auth.toast.codeOnItsWay'));
          setCodeSentTo(result.codeSentTo);
          form.setValues({ email: result.codeSentTo, accessCode: '' });
          returnFocus(remembered);
          return;
        }
        if (result.accessCode) {
          notify.success(t('auth.toast.signedIn'), t('auth.toast.trialStarted'));
          setNewTrial({ email: input.email.trim().toLowerCase(), accessCode: result.accessCode });
          returnFocus(remembered, () => document.getElementById(PERSONAL_CODE_HEADING_ID));
          return;
        }
        // In the account's language: the page takes it on first (decision 0309).
        await adoptAccountLocale(next ? pathOf(next) : '/dashboard');
        notify.success(
          translate('auth.toast.signedIn'),
          translate(result.firstSignIn ? 'auth.toast.welcome' : 'auth.toast.welcomeBack'),
        );
        await (next ? navigate({ href: next }) : navigate({ to: '/dashboard' }));
      },
      onError: (error, _input, remembered) => {
        notify.error(t('auth.toast.signInFailed'), errorMessage(error, t('auth.customer.invalid')));
        returnFocus(remembered);
      },
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
          void (next ? navigate({ href: next }) : navigate({ to: '/dashboard' }));
        }}
      />
    );
  }

  const busy = login.isPending || (login.isSuccess && !codeSentTo);
  return (
    <Stack gap="lg">
      {codeSentTo && (
        <Alert variant="light" color="plum" title={t('auth.customer.trialReady')} role="status">
          <T id="auth.customer.codeEmailed" values={{ email: codeSentTo }} components={{ 0: <strong /> }} />
        </Alert>
      )}
      <form noValidate onSubmit={form.onSubmit((values) => login.mutate(values))}>
        <Stack gap="md">
          <SignInPaused error={login.error} />
          <TextInput
            label={t('auth.customer.email')}
            type="email"
            autoComplete="email"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <TextInput
            label={t('auth.customer.accessCode')}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            required
            key={form.key('accessCode')}
            {...form.getInputProps('accessCode')}
          />
          <Button type="submit" size="md" fullWidth loading={busy}>
            {t('auth.signIn.submit')}
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
      <Divider label={t('auth.customer.noCodeYet')} labelPosition="center" />
      <Button component={Link} to="/" hash="pricing" variant="outline" size="md" fullWidth>
        {t('auth.customer.purchase')}
      </Button>
    </Stack>
  );
}
