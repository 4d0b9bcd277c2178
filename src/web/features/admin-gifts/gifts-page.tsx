import { Badge, Button, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type AdminGiftItem, changeGiftEmailSchema, type GiftStatus } from '../../../shared/gifts-schemas';
import { notify } from '../../components/notifications';
import { formatDate } from '../../../shared/i18n/format';
import type { Locale, MessageId } from '../../../shared/i18n/locales';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/api-error';
import { refusedFields } from '../../lib/refused-fields';
import { QueryTable } from '../../components/query-states';
import { RecordGiftModal } from './record-gift-modal';
import { trpc } from '../../trpc';
import { AdminHeading } from '../../components/admin/admin-layout';

type Filter = 'all' | 'awaiting-payment' | 'payment-failed' | 'scheduled' | 'sent' | 'redeemed' | 'refunded';

const STATUS_LABELS: Record<GiftStatus, MessageId> = {
  'awaiting-payment': 'gifts.admin.status.awaiting',
  'payment-failed': 'gifts.admin.status.paymentFailed',
  scheduled: 'gifts.admin.status.scheduled',
  sent: 'gifts.admin.status.sent',
  redeemed: 'gifts.admin.status.redeemed',
  refunded: 'gifts.admin.status.refunded',
};
const STATUS_COLORS: Record<GiftStatus, string> = {
  'awaiting-payment': 'gray',
  'payment-failed': 'red',
  scheduled: 'blue',
  sent: 'plum',
  redeemed: 'green',
  refunded: 'gray',
};

/** A gift opened, refunded, or never paid: nothing to resend, and no email to change. */
const NO_ACTIONS: ReadonlySet<GiftStatus> = new Set(['redeemed', 'refunded', 'awaiting-payment', 'payment-failed']);

function day(locale: Locale, iso: string | null): string {
  return iso ? formatDate(locale, iso) : '';
}

function ChangeEmail({ gift, onDone }: { gift: AdminGiftItem; onDone: () => void }) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState(gift.coupleEmail);
  // An email the server would refuse stays as typed, with the field's message, and nothing is sent.
  const [refused, setRefused] = useState(false);
  const change = useMutation(
    trpc.adminGifts.changeEmail.mutationOptions({
      onSuccess: () => {
        notify.success(
          t('gifts.admin.emailChanged'),
          t('gifts.admin.emailChangedText', { email: email.trim().toLowerCase() }),
        );
        void queryClient.invalidateQueries({ queryKey: trpc.adminGifts.list.queryKey() });
        onDone();
      },
    }),
  );
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = { id: gift.id, email };
    const wrong = refusedFields(changeGiftEmailSchema, input, ['email'] as const).size > 0;
    setRefused(wrong);
    if (!wrong) change.mutate(input);
  }
  return (
    <form noValidate onSubmit={submit} aria-label={t('gifts.admin.newEmailForm', { couple: gift.coupleNames })}>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput
          label={t('gifts.admin.coupleEmail')}
          type="email"
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setRefused(false);
          }}
          error={
            refused
              ? t('errors.field.emailInvalid')
              : change.isError
                ? errorMessage(change.error, t('gifts.admin.notSaved'))
                : null
          }
          miw={220}
        />
        <Button type="submit" size="sm" loading={change.isPending}>
          {t('gifts.admin.save')}
        </Button>
        <Button size="sm" variant="subtle" onClick={onDone}>
          {t('gifts.admin.cancel')}
        </Button>
      </Group>
    </form>
  );
}

/**
 * The back office's gifts (decision 0242): paid gifts, newest first, scheduled, sent, opened or
 * refunded, and those whose payment is being confirmed or failed (decision 0366); an unopened gift's email can be sent again or sent to a corrected address; a gift paid
 * another way than by card is recorded here. Never the code.
 */
export function GiftsPage() {
  const { t, locale } = useT();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Filter>('all');
  const [editing, setEditing] = useState<number | null>(null);
  const [recording, setRecording] = useState(false);
  const gifts = useQuery(trpc.adminGifts.list.queryOptions({ status }));
  const resend = useMutation(
    trpc.adminGifts.resend.mutationOptions({
      onSuccess: () => {
        notify.success(t('gifts.admin.resent'), t('gifts.admin.resentText'));
        void queryClient.invalidateQueries({ queryKey: trpc.adminGifts.list.queryKey() });
      },
      onError: (error) => notify.error(t('gifts.admin.notSent'), errorMessage(error, t('gifts.admin.tryAgain'))),
    }),
  );
  return (
    <Stack gap="lg">
      <AdminHeading title={t('gifts.admin.title')} intro={t('gifts.admin.intro')} />
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <NativeSelect
          label={t('gifts.admin.show')}
          data={[
            { value: 'all', label: t('gifts.admin.filter.all') },
            { value: 'awaiting-payment', label: t('gifts.admin.filter.awaiting') },
            { value: 'payment-failed', label: t('gifts.admin.filter.paymentFailed') },
            { value: 'scheduled', label: t('gifts.admin.filter.scheduled') },
            { value: 'sent', label: t('gifts.admin.filter.sent') },
            { value: 'redeemed', label: t('gifts.admin.filter.redeemed') },
            { value: 'refunded', label: t('gifts.admin.filter.refunded') },
          ]}
          value={status}
          onChange={(event) => setStatus(event.currentTarget.value as Filter)}
          maw={{ sm: 240 }}
        />
        <Button onClick={() => setRecording(true)}>{t('gifts.record.open')}</Button>
      </Group>
      <RecordGiftModal
        opened={recording}
        onClose={() => setRecording(false)}
        onRecorded={() => {
          setRecording(false);
          void queryClient.invalidateQueries({ queryKey: trpc.adminGifts.list.queryKey() });
        }}
      />
      <QueryTable
        query={gifts}
        loadingLabel={t('gifts.admin.loading')}
        skeleton={{ rows: 3, height: 48 }}
        failedTitle={t('gifts.admin.loadFailed')}
        failedText={t('gifts.admin.reload')}
        empty={<Text>{t('gifts.admin.empty')}</Text>}
        label={t('gifts.admin.table')}
        minWidth={760}
        columns={[t('gifts.admin.from'), t('gifts.admin.for'), t('gifts.admin.sendOn'), t('gifts.admin.status')]}
        actions={t('gifts.admin.actions')}
        row={(gift) => (
          <Table.Tr key={gift.id}>
            <Table.Td>
              {gift.buyerName}
              <Text size="sm" c="dimmed">
                {gift.buyerEmail}
              </Text>
            </Table.Td>
            <Table.Td>
              {gift.coupleNames}
              {editing === gift.id ? (
                <ChangeEmail gift={gift} onDone={() => setEditing(null)} />
              ) : (
                <Text size="sm" c="dimmed">
                  {gift.coupleEmail}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{day(locale, gift.sendAt)}</Table.Td>
            <Table.Td>
              <Badge color={STATUS_COLORS[gift.status]} variant="light">
                {t(STATUS_LABELS[gift.status])}
              </Badge>
              {gift.redeemedAt ? (
                <Text size="sm" c="dimmed">
                  {day(locale, gift.redeemedAt)}
                </Text>
              ) : null}
              {/* Not paid (decision 0366): what happens next, and nothing to resend or change. */}
              {gift.status === 'awaiting-payment' || gift.status === 'payment-failed' ? (
                <Text size="sm" c="dimmed" maw={260}>
                  {t(gift.status === 'awaiting-payment' ? 'gifts.admin.awaitingNote' : 'gifts.admin.paymentFailedNote')}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>
              {NO_ACTIONS.has(gift.status) ? null : (
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="light"
                    loading={resend.isPending && resend.variables?.id === gift.id}
                    onClick={() => resend.mutate({ id: gift.id })}
                    aria-label={t('gifts.admin.resendLabel', { couple: gift.coupleNames })}
                  >
                    {t('gifts.admin.resend')}
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={() => setEditing(gift.id)}
                    aria-label={t('gifts.admin.changeEmailLabel', { couple: gift.coupleNames })}
                  >
                    {t('gifts.admin.changeEmail')}
                  </Button>
                </Group>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
