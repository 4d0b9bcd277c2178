import { Alert, Button, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { AcceptedInvite } from '../../../shared/partner-schemas';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';
import { useEnterAfterSignIn } from '../auth/session-cache';
import { CopyCodeButton } from '../../components/copy-code-button';

/**
 * `/invite/CODE` (docs/product.md#partner-sign-ins): the invited partner gives their own email and
 * receives their own personal access code, shown here once and emailed.
 */
export function AcceptInvite({ code }: { code: string }) {
  const preview = useQuery({ ...trpc.partners.invite.queryOptions({ code }), retry: false });
  const [email, setEmail] = useState('');
  const [accepted, setAccepted] = useState<AcceptedInvite | null>(null);
  const enter = useEnterAfterSignIn();
  const accept = useMutation(trpc.partners.acceptInvite.mutationOptions({ onSuccess: setAccepted }));

  function submit(event: FormEvent) {
    event.preventDefault();
    accept.mutate({ code, email });
  }

  if (accepted) {
    return (
      <Stack gap="md">
        <Alert color="green" variant="light" title={accepted.message}>
          Sign in with <strong>{accepted.email}</strong> and this personal access code. We have emailed it to you too.
        </Alert>
        {/* Shown this once, as a new trial's code is: one click puts it in a password manager. */}
        <Group gap="sm" wrap="wrap">
          <Text component="output" ff="monospace" fz="xl" fw={700} aria-label="Your personal access code">
            {accepted.accessCode}
          </Text>
          <CopyCodeButton code={accepted.accessCode} />
        </Group>
        <Button onClick={() => void enter('/dashboard')}>Open our course</Button>
      </Stack>
    );
  }
  if (preview.isError) {
    return (
      <Alert color="red" title="This invite cannot be used">
        {errorMessage(preview.error, 'This invite link is not valid. Ask your partner for a new one.')}
      </Alert>
    );
  }
  if (!preview.data) {
    return (
      <Stack aria-busy="true" aria-label="Loading the invite">
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
          {preview.data.otherName || 'Your partner'} invites you
          {preview.data.partnerName ? `, ${preview.data.partnerName},` : ''} to sign in as yourself. Your answers stay
          yours until you both choose to share them.
        </Text>
        <TextInput
          label="Your email"
          description="You sign in with it. It must be different from your partner's."
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={accept.isError ? errorMessage(accept.error, 'Could not accept the invite.') : undefined}
          maxLength={254}
        />
        <Button type="submit" loading={accept.isPending}>
          Accept the invite
        </Button>
      </Stack>
    </form>
  );
}
