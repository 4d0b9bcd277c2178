import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { notify } from '../../components/notifications';
import { type ShownOnceCode, ShownOnceCodeDialog } from '../../components/shown-once-code-dialog';
import { formatMoney } from '../../../shared/money';
import { formatDate } from '../../lib/admin-format';
import { errorMessage } from '../../lib/api-error';
import { type RouterOutputs, trpc } from '../../trpc';
import { AdminPageSkeleton } from '../admin-shell/admin-layout';
import { AccessBadge, coupleName } from './couples-page';

type CoupleDetail = RouterOutputs['adminCouples']['get'];
type ConfirmKind = 'grantFullAccess' | 'issueCode' | 'endSessions';

const CONFIRMS: Record<ConfirmKind, { title: string; explain: string; confirm: string }> = {
  grantFullAccess: {
    title: 'Grant full access?',
    explain: 'All 52 weeks open for this couple, as a completed order would.',
    confirm: 'Grant full access',
  },
  issueCode: {
    title: 'Issue a new access code?',
    explain: 'A new personal code is shown to you once; their old code stops working and they are signed out.',
    confirm: 'Issue new code',
  },
  endSessions: {
    title: 'End all their sessions?',
    explain: 'Every device signed in to this couple is signed out. Their code and password keep working.',
    confirm: 'End sessions',
  },
};

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500} component="div">
        {children}
      </Text>
    </div>
  );
}

/**
 * One couple in the back office (docs/product.md#back-office-orders-and-couples): account facts,
 * progress as numbers, orders, sign-ins and the actions. Never their answers, notes or summaries:
 * the server sends none.
 */
export function CouplePage({ coupleId }: { coupleId: number }) {
  const queryClient = useQueryClient();
  const detail = useQuery(trpc.adminCouples.get.queryOptions({ coupleId }));
  const [confirming, setConfirming] = useState<ConfirmKind | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [shown, setShown] = useState<ShownOnceCode | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.adminCouples.pathKey() });
  const onError = (error: unknown) => notify.error('Action Failed', errorMessage(error, 'Please try again.'));

  const grant = useMutation(
    trpc.adminCouples.grantFullAccess.mutationOptions({
      onSuccess: () => notify.success('Full Access Granted', 'All 52 weeks are open for them.'),
      onError,
    }),
  );
  const issue = useMutation(
    trpc.adminCouples.issueCode.mutationOptions({
      onSuccess: (result) => setShown({ email: result.email, accessCode: result.accessCode }),
      onError,
    }),
  );
  const end = useMutation(
    trpc.adminCouples.endSessions.mutationOptions({
      onSuccess: (result) =>
        notify.success(
          'Sessions Ended',
          `${result.endedSessions} ${result.endedSessions === 1 ? 'session' : 'sessions'} ended.`,
        ),
      onError,
    }),
  );
  const mutations = { grantFullAccess: grant, issueCode: issue, endSessions: end };

  async function confirm() {
    if (!confirming) return;
    await mutations[confirming].mutateAsync({ coupleId }).catch(() => undefined);
    setConfirming(null);
    await refresh();
  }

  if (!detail.data) {
    if (detail.isError) {
      return (
        <Stack gap="md">
          <BackLink />
          <Text role="alert">{errorMessage(detail.error, 'Could not load this couple.')}</Text>
        </Stack>
      );
    }
    return <AdminPageSkeleton label="Loading the couple" />;
  }
  const couple = detail.data;
  const signInName = couple.signIns.map((row) => row.email ?? row.username).find((name) => name) ?? null;
  const busy = grant.isPending || issue.isPending || end.isPending;

  return (
    <Stack gap="lg">
      <BackLink />
      <div>
        <Title order={1}>{coupleName(couple)}</Title>
        <Text c="dimmed">{signInName ?? `Couple ${couple.coupleId}`}</Text>
      </div>

      <Paper withBorder p="md">
        <Title order={2} size="h3" mb="sm">
          Profile
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
          <Fact label="Partner 1">{couple.displayName || '—'}</Fact>
          <Fact label="Partner 2">{couple.partnerName || '—'}</Fact>
          <Fact label="Wedding date">{couple.weddingDate ?? 'Not set'}</Fact>
          <Fact label="Access">
            <AccessBadge level={couple.accessLevel} />
          </Fact>
          <Fact label="Created">{formatDate(couple.createdAt)}</Fact>
          <Fact label="Last active">{formatDate(couple.lastActiveAt)}</Fact>
        </SimpleGrid>
      </Paper>

      <Paper withBorder p="md">
        <Title order={2} size="h3" mb="sm">
          Progress
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
          <Fact label="Weeks completed">{couple.progress.weeksCompleted} of 52</Fact>
          <Fact label="Current week">{couple.progress.currentWeek ?? 'Finished'}</Fact>
          <Fact label="Weeks rated">{couple.progress.ratingsCount}</Fact>
        </SimpleGrid>
        <Text size="sm" c="dimmed" mt="sm">
          Their answers, notes and summaries are private to them and are not shown here.
        </Text>
      </Paper>

      <Paper withBorder p="md">
        <Title order={2} size="h3" mb="sm">
          Orders
        </Title>
        {couple.orders.length === 0 ? (
          <Text>No orders: this couple has not bought the course. Record a sale on the Orders page.</Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table aria-label="Their orders">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Order</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">Amount</Table.Th>
                  <Table.Th scope="col">Date</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {couple.orders.map((order) => (
                  <Table.Tr key={order.id}>
                    <Table.Td ff="monospace">{order.id}</Table.Td>
                    <Table.Td>{order.status}</Table.Td>
                    <Table.Td>{formatMoney(order.amount, order.currency)}</Table.Td>
                    <Table.Td>{formatDate(order.createdAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>

      <Paper withBorder p="md">
        <Title order={2} size="h3" mb="sm">
          Sign-ins
        </Title>
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {couple.signIns.map((account) => (
            <li key={account.accountId}>
              <Text fw={500} style={{ wordBreak: 'break-all' }}>
                {account.email ?? account.username}
              </Text>
              <Text size="sm" c="dimmed">
                {[account.hasAccessCode ? 'access code' : null, account.hasPassword ? 'password' : null]
                  .filter(Boolean)
                  .join(' and ') || 'no code or password yet'}
                {' · '}
                {account.activeSessions} active {account.activeSessions === 1 ? 'session' : 'sessions'}
                {account.lastSignInAt ? ` · last sign-in ${formatDate(account.lastSignInAt)}` : ''}
              </Text>
            </li>
          ))}
        </Stack>
      </Paper>

      <Paper withBorder p="md">
        <Title order={2} size="h3" mb="sm">
          Actions
        </Title>
        <Group gap="sm" wrap="wrap">
          <Button
            variant="light"
            disabled={couple.accessLevel === 'full'}
            onClick={() => setConfirming('grantFullAccess')}
          >
            Grant full access
          </Button>
          <Button variant="light" onClick={() => setConfirming('issueCode')}>
            Issue a new code
          </Button>
          <Button variant="light" onClick={() => setConfirming('endSessions')}>
            End all sessions
          </Button>
          <Button color="red" variant="outline" onClick={() => setDeleting(true)}>
            Delete account
          </Button>
        </Group>
      </Paper>

      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming ? CONFIRMS[confirming].title : ''}
        centered
      >
        {confirming && (
          <Stack gap="md">
            <Text>{CONFIRMS[confirming].explain}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(null)}>
                Cancel
              </Button>
              <Button loading={busy} onClick={() => void confirm()}>
                {CONFIRMS[confirming].confirm}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <DeleteCoupleModal opened={deleting} couple={couple} expected={signInName} onClose={() => setDeleting(false)} />
      <ShownOnceCodeDialog shown={shown} onClose={() => setShown(null)} />
    </Stack>
  );
}

function BackLink() {
  return (
    <Anchor component={Link} to="/admin/couples" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden /> All couples
      </Group>
    </Anchor>
  );
}

/** Deleting the account, confirmed by typing the couple's email or username. */
function DeleteCoupleModal({
  opened,
  couple,
  expected,
  onClose,
}: {
  opened: boolean;
  couple: CoupleDetail;
  expected: string | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const remove = useMutation(
    trpc.adminCouples.delete.mutationOptions({
      onSuccess: async () => {
        notify.success('Account Deleted', 'Their answers, progress and sign-ins are gone; their orders stay.');
        onClose();
        await queryClient.invalidateQueries({ queryKey: trpc.adminCouples.pathKey() });
        await navigate({ to: '/admin/couples' });
      },
      onError: (error) => notify.error('Delete Failed', errorMessage(error, 'Please try again.')),
    }),
  );
  const matches = expected !== null && typed.trim().toLowerCase() === expected.toLowerCase();
  return (
    <Modal opened={opened} onClose={onClose} title="Delete this account?" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (matches) remove.mutate({ coupleId: couple.coupleId, confirmation: typed });
        }}
      >
        <Stack gap="md">
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title="This cannot be undone"
          >
            Their answers, summaries, progress, sessions and sign-in accounts are erased. Their orders stay for the
            books, no longer linked to them.
          </Alert>
          <TextInput
            label={`Type ${expected ?? 'the email or username'} to confirm`}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" disabled={!matches} loading={remove.isPending}>
              Delete account
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
