import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { Partner } from '../../../shared/constants';
import type { CreatedInvite, PartnerSettings } from '../../../shared/partner-schemas';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';

function nameOf(settings: PartnerSettings, partner: Partner | null): string {
  if (partner === null) return 'Shared sign-in';
  return settings.names[partner].trim() || (partner === 'partner1' ? 'Partner 1' : 'Partner 2');
}

function shortDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/**
 * Profile's "Partner sign-ins" (docs/product.md#partner-sign-ins): invite the other partner by
 * email or a copied link, the pending invites with revoke, the sign-ins with remove, and the
 * private-answers switch (docs/product.md#sealed-answers).
 */
export function PartnerSignIns() {
  const queryClient = useQueryClient();
  const headingId = useId();
  const options = trpc.partners.settings.queryOptions();
  const settings = useQuery(options);
  const [email, setEmail] = useState('');
  const [created, setCreated] = useState<CreatedInvite | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: options.queryKey });

  const invite = useMutation(
    trpc.partners.createInvite.mutationOptions({
      onSuccess: (result) => {
        setCreated(result);
        setEmail('');
        notify.success('Invite ready', result.emailedTo ? `We emailed the invite to ${result.emailedTo}.` : undefined);
        void refresh();
      },
      onError: (error) => notify.error('Error', errorMessage(error, 'Could not make the invite.')),
    }),
  );
  const revoke = useMutation(
    trpc.partners.revokeInvite.mutationOptions({
      onSuccess: () => {
        setCreated(null);
        notify.success('Invite withdrawn');
        void refresh();
      },
      onError: (error) => notify.error('Error', errorMessage(error, 'Could not withdraw the invite.')),
    }),
  );
  const remove = useMutation(
    trpc.partners.removeSignIn.mutationOptions({
      onSuccess: () => {
        notify.success('Sign-in removed', 'It was signed out everywhere.');
        void refresh();
      },
      onError: (error) => notify.error('Error', errorMessage(error, 'Could not remove the sign-in.')),
    }),
  );
  const privacy = useMutation(
    trpc.partners.setPrivateAnswers.mutationOptions({
      onSuccess: (result) => {
        notify.success('Saved', result.privateAnswers ? 'Private answers are on.' : 'Private answers are off.');
        // Every sign-in's binding changes with the setting: read everything again.
        void queryClient.invalidateQueries();
      },
      onError: (error) => notify.error('Could not change private answers', errorMessage(error, 'Please try again.')),
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    invite.mutate({ email: email.trim() });
  }

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="md">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={3} size="h4" id={headingId}>
            Partner sign-ins
          </Title>
          <Text size="sm" c="dimmed">
            Each of you can sign in as yourself, on your own device: one course, one progress, your own answers.
          </Text>
        </Stack>
        {!settings.data ? (
          <Stack aria-busy="true" aria-label="Loading partner sign-ins">
            <Skeleton height={40} />
            <Skeleton height={40} />
          </Stack>
        ) : (
          <>
            <Stack gap="xs">
              <Text fw={600}>Sign-ins</Text>
              {settings.data.signIns.map((signIn) => (
                <Group key={signIn.accountId} justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={0}>
                    <Text>
                      {nameOf(settings.data, signIn.partner)}
                      {signIn.isYou ? ' (you)' : ''}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {signIn.email ?? signIn.username ?? ''}
                    </Text>
                  </Stack>
                  {signIn.removable && (
                    <Button
                      variant="light"
                      color="red"
                      size="xs"
                      loading={remove.isPending && remove.variables?.accountId === signIn.accountId}
                      onClick={() => remove.mutate({ accountId: signIn.accountId })}
                      aria-label={`Remove ${nameOf(settings.data, signIn.partner)}'s sign-in`}
                    >
                      Remove
                    </Button>
                  )}
                </Group>
              ))}
            </Stack>

            <form onSubmit={submit} noValidate>
              <Stack gap="xs">
                <TextInput
                  label="Invite your partner"
                  description="Their email, to send the invite; or leave it empty and copy the link."
                  type="email"
                  autoComplete="off"
                  value={email}
                  onChange={(event) => setEmail(event.currentTarget.value)}
                  maxLength={254}
                />
                <Group>
                  <Button type="submit" loading={invite.isPending}>
                    {email.trim() ? 'Email the invite' : 'Make an invite link'}
                  </Button>
                </Group>
              </Stack>
            </form>

            {created && (
              <Alert color="plum" variant="light" title="Your invite (shown this once)">
                <Stack gap="xs">
                  <Text size="sm">
                    Valid for 7 days, once. Send this link to {nameOf(settings.data, created.invite.partner)}:
                  </Text>
                  <Text component="output" aria-label="Invite link" style={{ wordBreak: 'break-all' }}>
                    {created.link}
                  </Text>
                  <Text size="sm">
                    Invite code: <strong data-testid="invite-code">{created.code}</strong>
                  </Text>
                  <CopyButton value={created.link} timeout={2500}>
                    {({ copied, copy }) => (
                      <Button
                        variant={copied ? 'filled' : 'light'}
                        color={copied ? 'green' : undefined}
                        onClick={copy}
                        leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                        w="fit-content"
                      >
                        {copied ? 'Link copied' : 'Copy the link'}
                      </Button>
                    )}
                  </CopyButton>
                </Stack>
              </Alert>
            )}

            <Stack gap="xs">
              <Text fw={600}>Invites</Text>
              {settings.data.invites.filter((item) => item.status === 'pending').length === 0 ? (
                <Text size="sm" c="dimmed">
                  No pending invites. Make one above when your partner is ready.
                </Text>
              ) : (
                settings.data.invites
                  .filter((item) => item.status === 'pending')
                  .map((item) => (
                    <Group key={item.id} justify="space-between" wrap="wrap" gap="xs">
                      <Group gap="xs" wrap="wrap">
                        <Text size="sm">
                          For {nameOf(settings.data, item.partner)}
                          {item.email ? ` (${item.email})` : ''}, valid until {shortDate(item.expiresAt)}
                        </Text>
                        <Badge variant="light" size="sm">
                          pending
                        </Badge>
                      </Group>
                      <Button
                        variant="subtle"
                        color="red"
                        size="xs"
                        loading={revoke.isPending && revoke.variables?.inviteId === item.id}
                        onClick={() => revoke.mutate({ inviteId: item.id })}
                        aria-label={`Revoke the invite for ${nameOf(settings.data, item.partner)}`}
                      >
                        Revoke
                      </Button>
                    </Group>
                  ))
              )}
            </Stack>

            <Switch
              checked={settings.data.privateAnswers}
              disabled={privacy.isPending}
              onChange={(event) => privacy.mutate({ on: event.currentTarget.checked })}
              label="Private answers"
              description={`Each of you answers on your own: your answers for a week stay sealed from each other until you have both marked them as shared, then you read them side by side. With this on, the shared sign-in answers as ${nameOf(settings.data, 'partner1')}. It can be turned off only once every answered week has been shared.`}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
