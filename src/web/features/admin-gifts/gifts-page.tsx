import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { AdminGiftItem, GiftStatus } from '../../../shared/gifts-schemas';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';

type Filter = 'all' | 'scheduled' | 'sent' | 'redeemed';

const STATUS_LABELS: Record<GiftStatus, string> = {
  'awaiting-payment': 'Awaiting payment',
  scheduled: 'Scheduled',
  sent: 'Sent',
  redeemed: 'Opened',
};
const STATUS_COLORS: Record<GiftStatus, string> = {
  'awaiting-payment': 'gray',
  scheduled: 'blue',
  sent: 'plum',
  redeemed: 'green',
};

function day(iso: string | null): string {
  return iso ? new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' }) : '';
}

function ChangeEmail({ gift, onDone }: { gift: AdminGiftItem; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState(gift.coupleEmail);
  const change = useMutation(
    trpc.adminGifts.changeEmail.mutationOptions({
      onSuccess: () => {
        notify.success('Email changed', `The gift now goes to ${email.trim().toLowerCase()}.`);
        void queryClient.invalidateQueries({ queryKey: trpc.adminGifts.list.queryKey() });
        onDone();
      },
    }),
  );
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    change.mutate({ id: gift.id, email });
  }
  return (
    <form onSubmit={submit} aria-label={`New email for the gift to ${gift.coupleNames}`}>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput
          label="Couple's email"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={change.isError ? errorMessage(change.error, 'Not saved. Please try again.') : null}
          miw={220}
        />
        <Button type="submit" size="sm" loading={change.isPending}>
          Save
        </Button>
        <Button size="sm" variant="subtle" onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </form>
  );
}

/**
 * The back office's gifts (decision 0242): paid gifts, newest first, scheduled, sent or opened;
 * an unopened gift's email can be sent again or sent to a corrected address. Never the code.
 */
export function GiftsPage() {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Filter>('all');
  const [editing, setEditing] = useState<number | null>(null);
  const gifts = useQuery(trpc.adminGifts.list.queryOptions({ status }));
  const resend = useMutation(
    trpc.adminGifts.resend.mutationOptions({
      onSuccess: () => {
        notify.success('Gift email queued', 'The gift email is on its way again.');
        void queryClient.invalidateQueries({ queryKey: trpc.adminGifts.list.queryKey() });
      },
      onError: (error) => notify.error('Not sent', errorMessage(error, 'Please try again.')),
    }),
  );
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Gifts</Title>
        <Text c="dimmed">Courses bought as gifts: when their email goes out, and whether the couple opened it.</Text>
      </div>
      <NativeSelect
        label="Show"
        data={[
          { value: 'all', label: 'All gifts' },
          { value: 'scheduled', label: 'Scheduled' },
          { value: 'sent', label: 'Sent, not opened' },
          { value: 'redeemed', label: 'Opened' },
        ]}
        value={status}
        onChange={(event) => setStatus(event.currentTarget.value as Filter)}
        maw={{ sm: 240 }}
      />
      {gifts.isPending ? (
        <Skeleton height={160} aria-label="Loading the gifts" />
      ) : gifts.isError ? (
        <Alert color="red" title="Could not load the gifts">
          {errorMessage(gifts.error, 'Please reload the page to try again.')}
        </Alert>
      ) : gifts.data.length === 0 ? (
        <Text>No gifts here yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped aria-label="Gifts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>From</Table.Th>
                <Table.Th>For</Table.Th>
                <Table.Th>Send on</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {gifts.data.map((gift) => (
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
                  <Table.Td>{day(gift.sendAt)}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[gift.status]} variant="light">
                      {STATUS_LABELS[gift.status]}
                    </Badge>
                    {gift.redeemedAt ? (
                      <Text size="sm" c="dimmed">
                        {day(gift.redeemedAt)}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    {gift.status === 'redeemed' ? null : (
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          loading={resend.isPending && resend.variables?.id === gift.id}
                          onClick={() => resend.mutate({ id: gift.id })}
                          aria-label={`Resend the gift to ${gift.coupleNames}`}
                        >
                          Resend
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={() => setEditing(gift.id)}
                          aria-label={`Change the email of the gift to ${gift.coupleNames}`}
                        >
                          Change email
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
