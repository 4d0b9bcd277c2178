import { Alert, Button, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { EMAIL_MAX_LENGTH, signInEmailProblem } from '../../../shared/email-rules';
import type { AcceptedInvite } from '../../../shared/partner-schemas';
import { errorMessage, fieldMessageText, serverMessageText } from '../../lib/api-error';
import { T, useT } from '../../i18n/use-t';
import { trpc } from '../../trpc';
import { forgetOfflineData } from '../../lib/offline-data';
import { useEnterAfterSignIn } from '../../lib/session-cache';
import { CopyCodeButton } from '../../components/copy-code-button';

/**
 * `/invite#code=CODE` (docs/product.md#partner-sign-ins): the invited partner gives their own email and
 * receives their own personal access code, shown here once and emailed. Without a code: not valid.
 */
export function AcceptInvite({ code }: { code: string }) {
  const { t } = useT();
  const preview = useQuery({ ...trpc.partners.invite.queryOptions({ code }), retry: false, enabled: code !== '' });
  const [email, setEmail] = useState('');
  // The email's own problem (empty, not an email), said under the field before anything is sent.
  const [emailProblem, setEmailProblem] = useState<string | null>(null);
  const [accepted, setAccepted] = useState<AcceptedInvite | null>(null);
  const enter = useEnterAfterSignIn();
  const accept = useMutation(
    trpc.partners.acceptInvite.mutationOptions({
      // The new sign-in's cookie is set now: what the service worker kept of whoever used this
      // browser before (the inviting partner, often, with their sealed answers) goes at once, not
      // only when "Open" is pressed (decision 0266).
      onSuccess: async (answer) => {
        await forgetOfflineData();
        setAccepted(answer);
      },
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = signInEmailProblem(email);
    setEmailProblem(problem);
    if (problem === null) accept.mutate({ code, email });
  }

  if (accepted) {
    return (
      <Stack gap="md">
        <Alert color="green" variant="light" title={serverMessageText(accepted.message) ?? t('errors.welcomeSignIn')}>
          <T id="partners.accept.signInWith" values={{ email: accepted.email }} components={{ 0: <strong /> }} />
        </Alert>
        {/* Shown this once, as a new trial's code is: one click puts it in a password manager. */}
        <Group gap="sm" wrap="wrap">
          <Text component="output" ff="monospace" fz="xl" fw={700} aria-label={t('partners.accept.codeLabel')}>
            {accepted.accessCode}
          </Text>
          <CopyCodeButton code={accepted.accessCode} />
        </Group>
        <Button onClick={() => void enter('/dashboard')}>{t('partners.accept.open')}</Button>
      </Stack>
    );
  }
  if (preview.isError || code === '') {
    // A used invite, or one whose partner already signs in, is best followed by signing in.
    return (
      <Stack gap="md" align="flex-start">
        <Alert color="red" title={t('partners.accept.cannotUse')} w="100%">
          {errorMessage(preview.error, t('errors.inviteInvalid'))}
        </Alert>
        <Button component={Link} to="/customer-login">
          {t('partners.accept.signIn')}
        </Button>
      </Stack>
    );
  }
  if (!preview.data) {
    return (
      <Stack aria-busy="true" aria-label={t('partners.accept.loading')}>
        <Skeleton height={24} />
        <Skeleton height={56} />
        <Skeleton height={36} />
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>
          {/* What the partner's answers are open to, as the couple has it now (QA walk). */}
          {t(preview.data.partnerName ? 'partners.accept.introNamed' : 'partners.accept.intro', {
            other: preview.data.otherName || t('partners.accept.yourPartner'),
            name: preview.data.partnerName,
            privateAnswers: preview.data.privateAnswers ? 'on' : 'off',
          })}
        </Text>
        <TextInput
          label={t('partners.accept.email')}
          description={t('partners.accept.emailHint')}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setEmailProblem(null);
          }}
          error={
            emailProblem !== null
              ? fieldMessageText(emailProblem)
              : accept.isError
                ? errorMessage(accept.error, t('partners.accept.failed'))
                : undefined
          }
          maxLength={EMAIL_MAX_LENGTH}
        />
        <Button type="submit" loading={accept.isPending}>
          {t('partners.accept.submit')}
        </Button>
      </Stack>
    </form>
  );
}
