import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconPlus, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ADMIN_DEFAULT_PAGE_SIZE, type AnyOrderStatus } from '../../../shared/admin-schemas';
import { notify } from '../../components/notifications';
import { type ShownOnceCode, ShownOnceCodeDialog } from '../../components/shown-once-code-dialog';
import { formatMoney } from '../../../shared/money';
import { formatDate } from '../../lib/admin-format';
import { errorMessage } from '../../lib/api-error';
import { downloadFile } from '../../lib/rest';
import { type RouterOutputs, trpc } from '../../trpc';
import { AdminListFrame, FilterSelect } from '../admin-shell/admin-list-frame';
import { RecordOrderModal } from './record-order-modal';

type OrderRow = RouterOutputs['adminOrders']['list']['items'][number];
type ActionKind = 'markPaid' | 'refund' | 'resendAccess';

const STATUS_COLORS: Record<string, string> = { completed: 'green', pending: 'yellow', refunded: 'gray' };

const ACTIONS: Record<ActionKind, { label: string; title: string; explain: string; confirm: string }> = {
  markPaid: {
    label: 'Mark paid',
    title: 'Mark this order paid?',
    explain: 'The couple gets full access and a new personal access code, shown to you once.',
    confirm: 'Mark paid',
  },
  refund: {
    label: 'Refund',
    title: 'Refund this order?',
    explain:
      'The order is marked refunded (nothing is deleted). The couple goes back to trial access unless another completed order carries their email. Refund the payment itself where it was taken.',
    confirm: 'Refund',
  },
  resendAccess: {
    label: 'Resend access',
    title: 'Issue a new access code?',
    explain: "A new personal code is shown to you once; the couple's old code stops working and they are signed out.",
    confirm: 'Issue new code',
  },
};

function actionsFor(order: OrderRow): ActionKind[] {
  if (order.status === 'pending') return ['markPaid'];
  if (order.status === 'completed') return ['resendAccess', 'refund'];
  return ['resendAccess'];
}

/** The back office's orders (docs/product.md#back-office-orders-and-couples). */
export function OrdersPage() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<AnyOrderStatus | null>(null);
  const [page, setPage] = useState(1);
  const [recording, setRecording] = useState(false);
  const [shown, setShown] = useState<ShownOnceCode | null>(null);
  const [pending, setPending] = useState<{ kind: ActionKind; order: OrderRow } | null>(null);
  const [exporting, setExporting] = useState(false);

  const input = {
    search: debouncedSearch,
    page,
    pageSize: ADMIN_DEFAULT_PAGE_SIZE,
    ...(status ? { status } : {}),
  };
  const list = useQuery({ ...trpc.adminOrders.list.queryOptions(input), placeholderData: keepPreviousData });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.adminOrders.pathKey() });

  const onActionError = (error: unknown) => notify.error('Action Failed', errorMessage(error, 'Please try again.'));
  const markPaid = useMutation(
    trpc.adminOrders.markPaid.mutationOptions({
      onSuccess: (order) => {
        notify.success('Order Paid', 'The couple now has full access.');
        if (order.accessCode) {
          setShown({ email: order.email, accessCode: order.accessCode, successUrl: order.successUrl });
        }
      },
      onError: onActionError,
    }),
  );
  const refund = useMutation(
    trpc.adminOrders.refund.mutationOptions({
      onSuccess: (result) =>
        notify.success(
          'Order Refunded',
          result.accessDropped
            ? 'The couple is back on trial access.'
            : result.changed
              ? 'Their access is unchanged: another order covers it.'
              : 'It was refunded already.',
        ),
      onError: onActionError,
    }),
  );
  const resend = useMutation(
    trpc.adminOrders.resendAccess.mutationOptions({
      onSuccess: (result) => setShown({ email: result.email, accessCode: result.accessCode }),
      onError: onActionError,
    }),
  );
  const mutations = { markPaid, refund, resendAccess: resend };
  const busy = markPaid.isPending || refund.isPending || resend.isPending;

  async function confirm() {
    if (!pending) return;
    await mutations[pending.kind].mutateAsync({ orderId: pending.order.id }).catch(() => undefined);
    setPending(null);
    await refresh();
  }

  async function exportCsv() {
    setExporting(true);
    const query = new URLSearchParams({ search: debouncedSearch, ...(status ? { status } : {}) });
    try {
      await downloadFile(`/api/admin/orders.csv?${query}`, 'orders.csv');
    } catch (error) {
      notify.error('Export Failed', errorMessage(error, 'Could not export the orders.'));
    } finally {
      setExporting(false);
    }
  }

  const filtered = debouncedSearch !== '' || status !== null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>Orders</Title>
          <Text c="dimmed">Sales, their status and the couples' access. Newest first.</Text>
        </div>
        <Group gap="sm">
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setRecording(true)}>
            Record an order
          </Button>
          <Button
            variant="light"
            leftSection={<IconDownload size={18} aria-hidden />}
            loading={exporting}
            onClick={() => void exportCsv()}
          >
            Export CSV
          </Button>
        </Group>
      </Group>

      <Group align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label="Search"
          description="Start of an order id, email or name"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 16rem' }}
        />
        <FilterSelect<AnyOrderStatus>
          label="Status"
          placeholder="All statuses"
          data={[
            { value: 'pending', label: 'Pending' },
            { value: 'completed', label: 'Completed' },
            { value: 'refunded', label: 'Refunded' },
          ]}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          width="12rem"
        />
      </Group>

      <AdminListFrame
        query={list}
        loadingLabel="Loading orders"
        errorFallback="Could not load the orders."
        emptyTestId="orders-empty"
        noun={{ one: 'order', many: 'orders' }}
        onPageChange={setPage}
        empty={
          filtered ? (
            <Text>No orders match this search or status. Clear the filters to see every order.</Text>
          ) : (
            <Text>
              No orders yet: record one here with <strong>Record an order</strong>, or from the server with{' '}
              <code>npm run order:create</code>.
            </Text>
          )
        }
      >
        {(data) => (
          <>
            <OrdersTable orders={data.items} onAction={(kind, order) => setPending({ kind, order })} />
            <OrderCards orders={data.items} onAction={(kind, order) => setPending({ kind, order })} />
          </>
        )}
      </AdminListFrame>

      <RecordOrderModal
        opened={recording}
        onClose={() => setRecording(false)}
        onRecorded={(order) => {
          setRecording(false);
          void refresh();
          if (order.accessCode) {
            setShown({ email: order.email, accessCode: order.accessCode, successUrl: order.successUrl });
          }
        }}
      />
      <Modal
        opened={pending !== null}
        onClose={() => setPending(null)}
        title={pending ? ACTIONS[pending.kind].title : ''}
        centered
      >
        {pending && (
          <Stack gap="md">
            <Text>
              Order <code>{pending.order.id}</code> of {pending.order.firstName} {pending.order.lastName} (
              {pending.order.email}), {formatMoney(pending.order.amount, pending.order.currency)}.
            </Text>
            <Text>{ACTIONS[pending.kind].explain}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPending(null)}>
                Cancel
              </Button>
              <Button
                color={pending.kind === 'refund' ? 'red' : undefined}
                loading={busy}
                onClick={() => void confirm()}
              >
                {ACTIONS[pending.kind].confirm}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <ShownOnceCodeDialog shown={shown} onClose={() => setShown(null)} />
    </Stack>
  );
}

interface OrderListProps {
  orders: OrderRow[];
  onAction: (kind: ActionKind, order: OrderRow) => void;
}

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light" c="dark.8">
      {status}
    </Badge>
  );
}

function RowActions({ order, onAction }: { order: OrderRow; onAction: OrderListProps['onAction'] }) {
  return (
    <Group gap="xs" wrap="wrap">
      {actionsFor(order).map((kind) => (
        <Button
          key={kind}
          size="xs"
          variant={kind === 'refund' ? 'subtle' : 'light'}
          color={kind === 'refund' ? 'red' : undefined}
          aria-label={`${ACTIONS[kind].label}: order ${order.id}`}
          onClick={() => onAction(kind, order)}
        >
          {ACTIONS[kind].label}
        </Button>
      ))}
    </Group>
  );
}

/** Where the seller sees a card payment in Stripe (docs/product.md#card-payments). */
export function stripePaymentUrl(orderId: string): string {
  return `https://dashboard.stripe.com/payments/${encodeURIComponent(orderId)}`;
}

function PaidVia({ order }: { order: OrderRow }) {
  if (!order.paidThroughStripe) return <>Recorded</>;
  return (
    <Anchor href={stripePaymentUrl(order.id)} target="_blank" rel="noopener noreferrer">
      Stripe<VisuallyHidden> payment {order.id} (opens Stripe's dashboard)</VisuallyHidden>
    </Anchor>
  );
}

function OrdersTable({ orders, onAction }: OrderListProps) {
  return (
    <Table.ScrollContainer minWidth={720} visibleFrom="sm">
      <Table striped highlightOnHover aria-label="Orders">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Amount</Table.Th>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Email</Table.Th>
            <Table.Th scope="col">Date</Table.Th>
            <Table.Th scope="col">Paid via</Table.Th>
            <Table.Th scope="col">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <Table.Tr key={order.id}>
              <Table.Td>
                <StatusBadge status={order.status} />
              </Table.Td>
              <Table.Td>{formatMoney(order.amount, order.currency)}</Table.Td>
              <Table.Td>
                {order.firstName} {order.lastName}
                <Text size="xs" c="dimmed" ff="monospace">
                  {order.id}
                </Text>
              </Table.Td>
              <Table.Td>{order.email}</Table.Td>
              <Table.Td>{formatDate(order.createdAt)}</Table.Td>
              <Table.Td>
                <PaidVia order={order} />
              </Table.Td>
              <Table.Td>
                <RowActions order={order} onAction={onAction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The same orders as cards, for a phone (375 px). */
function OrderCards({ orders, onAction }: OrderListProps) {
  return (
    <Stack
      gap="sm"
      hiddenFrom="sm"
      component="ul"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      aria-label="Orders"
    >
      {orders.map((order) => (
        <Card key={order.id} withBorder component="li">
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600}>
              {order.firstName} {order.lastName}
            </Text>
            <StatusBadge status={order.status} />
          </Group>
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            {order.email}
          </Text>
          <Text size="sm" c="dimmed">
            {formatMoney(order.amount, order.currency)} · {formatDate(order.createdAt)} · <PaidVia order={order} />
          </Text>
          <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {order.id}
          </Text>
          <RowActions order={order} onAction={onAction} />
        </Card>
      ))}
    </Stack>
  );
}
