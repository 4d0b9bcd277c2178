import { Alert, Button, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { PasswordField } from '../../components/password-field';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { FACILITATOR_PASSWORD_MIN_LENGTH } from '../../../shared/facilitator-schemas';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/api-error';
import { rememberFocus, returnFocus } from '../../lib/focus';
import { trpc } from '../../trpc';
import { AREA_TITLE_ID } from './facilitator-area';

/** `/facilitator#token=...`: the seller's invitation; the facilitator chooses a password. */
export function AcceptFacilitatorInvite({ token }: { token: string }) {
  const { t } = useT();
  const navigate = useNavigate();
  const invite = useQuery({
    ...trpc.facilitator.previewInvite.queryOptions({ token }),
    retry: false,
    enabled: token.length >= 10,
  });
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const accept = useMutation(
    trpc.facilitator.acceptInvite.mutationOptions({
      // Set, the focus goes to the facilitator area's heading that replaces this form; refused, it
      // stays on Set password (disabled while the request runs, the browser would drop it to the
      // page) and the refusal is read out (the Alert's role=alert).
      onMutate: rememberFocus,
      onSuccess: (_result, _input, remembered) => {
        // In place of the invitation's history entry: Back does not bring the spent token back.
        void navigate({ to: '/facilitator', search: {}, replace: true });
        returnFocus(remembered, () => document.getElementById(AREA_TITLE_ID));
      },
      onError: (_error, _input, remembered) => returnFocus(remembered),
    }),
  );
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password.length < FACILITATOR_PASSWORD_MIN_LENGTH) {
      setError(t('facilitator.accept.tooShort', { count: FACILITATOR_PASSWORD_MIN_LENGTH }));
      return;
    }
    accept.mutate({ token, password });
  }
  return (
    <Container size="xs" py={{ base: 32, sm: 64 }}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        {token.length < 10 || invite.isError ? (
          <Alert color="red" title={t('facilitator.accept.invalid')}>
            {invite.isError
              ? errorMessage(invite.error, t('facilitator.accept.invalidText'))
              : t('facilitator.accept.invalidText')}
          </Alert>
        ) : invite.isPending ? (
          <Skeleton height={200} role="status" aria-label={t('facilitator.area.loading')} />
        ) : (
          <form onSubmit={submit} noValidate aria-label={t('facilitator.accept.form')}>
            <Stack gap="md">
              <Title order={1}>{t('facilitator.accept.title', { name: invite.data.name })}</Title>
              <Text>{t('facilitator.accept.intro', { email: invite.data.email })}</Text>
              <PasswordField
                label={t('facilitator.accept.password')}
                description={t('facilitator.accept.passwordHint', { count: FACILITATOR_PASSWORD_MIN_LENGTH })}
                autoComplete="new-password"
                value={password}
                error={error}
                onChange={(event) => {
                  setPassword(event.currentTarget.value);
                  setError(null);
                }}
              />
              {accept.isError ? (
                <Alert color="red">{errorMessage(accept.error, t('facilitator.accept.failed'))}</Alert>
              ) : null}
              <Button type="submit" loading={accept.isPending} w="fit-content">
                {t('facilitator.accept.submit')}
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </Container>
  );
}
