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
import { EMAIL_MAX_LENGTH, signInEmailProblem } from '../../../shared/email-rules';
import type { CreatedInvite, PartnerSettings } from '../../../shared/partner-schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notify } from '../../components/notifications';
import { errorMessage, fieldMessageText } from '../../lib/api-error';
import { rememberFocus, returnFocus } from '../../lib/focus';
import { formatDate } from '../../../shared/i18n/format';
import { translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { trpc } from '../../trpc';

function nameOf(settings: PartnerSettings, partner: Partner | null): string {
  if (partner === null) return translate('partners.signIns.shared');
  return (
    settings.names[partner].trim() ||
    (partner === 'partner1' ? translate('partners.partner1') : translate('partners.partner2'))
  );
}

/**
 * Profile's "Partner sign-ins" (docs/product.md#partner-sign-ins): invite the other partner by
 * email or a copied link, the pending invites with revoke, the sign-ins with remove, and the
 * private-answers switch (docs/product.md#sealed-answers).
 */
export function PartnerSignIns() {
  const { t, locale } = useT();
  const queryClient = useQueryClient();
  const headingId = useId();
  const createdId = `${headingId}-created`;
  // The lists' titles, where the focus goes once a sign-in or an invite has gone from them.
  const signInsId = `${headingId}-sign-ins`;
  const invitesId = `${headingId}-invites`;
  const options = trpc.partners.settings.queryOptions();
  const settings = useQuery(options);
  const [email, setEmail] = useState('');
  // A typed email that is not one ("john@"), said under the field; an empty one means "copy a link".
  const [emailProblem, setEmailProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedInvite | null>(null);
  // The sign-in whose Remove was pressed: removing signs it out everywhere, so a dialog asks first.
  const [removing, setRemoving] = useState<{ accountId: number; name: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: options.queryKey });

  const invite = useMutation(
    trpc.partners.createInvite.mutationOptions({
      // Made, the focus goes to the new link and code shown below; refused, it stays on the button
      // (disabled while the request runs, the browser would drop it to the page) and the refusal is
      // read out (the error toast's role=alert).
      onMutate: rememberFocus,
      onSettled: (result, _error, _input, remembered) =>
        returnFocus(remembered, (control) => (result ? document.getElementById(createdId) : control)),
      onSuccess: (result) => {
        setCreated(result);
        setEmail('');
        notify.success(
          translate('partners.toast.inviteReady'),
          result.emailedTo ? translate('partners.toast.inviteEmailed', { email: result.emailedTo }) : undefined,
        );
        void refresh();
      },
      onError: (error) =>
        notify.error(translate('partners.toast.error'), errorMessage(error, translate('partners.toast.inviteFailed'))),
    }),
  );
  const revoke = useMutation(
    trpc.partners.revokeInvite.mutationOptions({
      // Revoked, the invite goes with its button and the focus moves to the invites' title;
      // refused, it stays on Revoke (disabled while the request runs, the browser would drop it to
      // the page) and the refusal is read out (the error toast's role=alert).
      onMutate: rememberFocus,
      onSuccess: async (_result, _input, remembered) => {
        setCreated(null);
        notify.success(translate('partners.toast.inviteWithdrawn'));
        await refresh();
        returnFocus(remembered, () => document.getElementById(invitesId));
      },
      onError: (error, _input, remembered) => {
        notify.error(translate('partners.toast.error'), errorMessage(error, translate('partners.toast.revokeFailed')));
        returnFocus(remembered);
      },
    }),
  );
  const remove = useMutation(
    trpc.partners.removeSignIn.mutationOptions({
      // Removed, the sign-in goes with its Remove button (where the dialog would give the focus
      // back): it moves to the sign-ins' title instead. Refused, the dialog gives it back to Remove.
      onMutate: rememberFocus,
      onSuccess: async (_result, _input, remembered) => {
        notify.success(translate('partners.toast.removed'), translate('partners.toast.removedText'));
        await refresh();
        returnFocus(remembered, () => document.getElementById(signInsId));
      },
      onError: (error) =>
        notify.error(translate('partners.toast.error'), errorMessage(error, translate('partners.toast.removeFailed'))),
      onSettled: () => setRemoving(null),
    }),
  );
  const privacy = useMutation(
    trpc.partners.setPrivateAnswers.mutationOptions({
      // The focus stays on the switch (disabled while it saves, the browser would drop it to the
      // page); a refusal is read out (the error toast's role=alert).
      onMutate: rememberFocus,
      onSettled: (_result, _error, _input, remembered) => returnFocus(remembered),
      onSuccess: (result) => {
        notify.success(
          translate('partners.toast.saved'),
          result.privateAnswers ? translate('partners.toast.privateOn') : translate('partners.toast.privateOff'),
        );
        // Every sign-in's binding changes with the setting: read everything again.
        void queryClient.invalidateQueries();
      },
      onError: (error) =>
        notify.error(
          translate('partners.toast.privateFailed'),
          errorMessage(error, translate('partners.toast.tryAgain')),
        ),
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = email.trim();
    const problem = typed === '' ? null : signInEmailProblem(typed);
    setEmailProblem(problem);
    if (problem === null) invite.mutate({ email: typed });
  }

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="md">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={3} size="h4" id={headingId}>
            {t('partners.signIns.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('partners.signIns.intro')}
          </Text>
        </Stack>
        {!settings.data ? (
          <Stack aria-busy="true" aria-label={t('partners.signIns.loading')}>
            <Skeleton height={40} />
            <Skeleton height={40} />
          </Stack>
        ) : (
          <>
            <Stack gap="xs">
              <Text fw={600} id={signInsId}>
                {t('partners.signIns.list')}
              </Text>
              {settings.data.signIns.map((signIn) => (
                <Group key={signIn.accountId} justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={0}>
                    <Text>
                      {signIn.isYou
                        ? t('partners.signIns.you', { name: nameOf(settings.data, signIn.partner) })
                        : nameOf(settings.data, signIn.partner)}
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
                      onClick={() =>
                        setRemoving({ accountId: signIn.accountId, name: nameOf(settings.data, signIn.partner) })
                      }
                      aria-label={t('partners.signIns.removeLabel', { name: nameOf(settings.data, signIn.partner) })}
                    >
                      {t('partners.signIns.remove')}
                    </Button>
                  )}
                </Group>
              ))}
            </Stack>

            <form onSubmit={submit} noValidate>
              <Stack gap="xs">
                <TextInput
                  label={t('partners.invite.label')}
                  description={t('partners.invite.hint')}
                  type="email"
                  autoComplete="off"
                  value={email}
                  onChange={(event) => {
                    setEmail(event.currentTarget.value);
                    setEmailProblem(null);
                  }}
                  error={emailProblem === null ? undefined : fieldMessageText(emailProblem)}
                  maxLength={EMAIL_MAX_LENGTH}
                />
                <Group>
                  <Button type="submit" loading={invite.isPending}>
                    {email.trim() ? t('partners.invite.email') : t('partners.invite.link')}
                  </Button>
                </Group>
              </Stack>
            </form>

            {created && (
              <Alert id={createdId} color="plum" variant="light" title={t('partners.invite.createdTitle')}>
                <Stack gap="xs">
                  <Text size="sm">
                    {t('partners.invite.createdText', { name: nameOf(settings.data, created.invite.partner) })}
                  </Text>
                  <Text
                    component="output"
                    aria-label={t('partners.invite.linkLabel')}
                    style={{ wordBreak: 'break-all' }}
                  >
                    {created.link}
                  </Text>
                  <Text size="sm">
                    {t('partners.invite.code')} <strong data-testid="invite-code">{created.code}</strong>
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
                        {copied ? t('partners.invite.copied') : t('partners.invite.copy')}
                      </Button>
                    )}
                  </CopyButton>
                </Stack>
              </Alert>
            )}

            <Stack gap="xs">
              <Text fw={600} id={invitesId}>
                {t('partners.invites.title')}
              </Text>
              {settings.data.invites.filter((item) => item.status === 'pending').length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('partners.invites.none')}
                </Text>
              ) : (
                settings.data.invites
                  .filter((item) => item.status === 'pending')
                  .map((item) => (
                    <Group key={item.id} justify="space-between" wrap="wrap" gap="xs">
                      <Group gap="xs" wrap="wrap">
                        <Text size="sm">
                          {item.email
                            ? t('partners.invites.forEmail', {
                                name: nameOf(settings.data, item.partner),
                                email: item.email,
                                date: formatDate(locale, item.expiresAt),
                              })
                            : t('partners.invites.for', {
                                name: nameOf(settings.data, item.partner),
                                date: formatDate(locale, item.expiresAt),
                              })}
                        </Text>
                        <Badge variant="light" size="sm">
                          {t('partners.invites.pending')}
                        </Badge>
                      </Group>
                      <Button
                        variant="subtle"
                        color="red"
                        size="xs"
                        loading={revoke.isPending && revoke.variables?.inviteId === item.id}
                        onClick={() => revoke.mutate({ inviteId: item.id })}
                        aria-label={t('partners.invites.revokeLabel', { name: nameOf(settings.data, item.partner) })}
                      >
                        {t('partners.invites.revoke')}
                      </Button>
                    </Group>
                  ))
              )}
            </Stack>

            <Switch
              checked={settings.data.privateAnswers}
              disabled={privacy.isPending}
              onChange={(event) => privacy.mutate({ on: event.currentTarget.checked })}
              label={t('partners.private.label')}
              // Mantine's switch is inside a <label> holding its description too: named by its label
              // alone, the description is read once, as a description (the Orca pass of 2026-11-28).
              aria-label={t('partners.private.label')}
              description={t('partners.private.hint', { name: nameOf(settings.data, 'partner1') })}
            />
          </>
        )}
      </Stack>
      <ConfirmDialog
        title={removing ? t('partners.signIns.confirmTitle', { name: removing.name }) : null}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('partners.signIns.confirm')}
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate({ accountId: removing.accountId })}
      >
        {removing ? <Text size="sm">{t('partners.signIns.confirmText', { name: removing.name })}</Text> : null}
      </ConfirmDialog>
    </Paper>
  );
}
