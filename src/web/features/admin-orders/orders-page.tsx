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
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ADMIN_DEFAULT_PAGE_SIZE, type AnyOrderStatus } from '../../../shared/admin-schemas';
import { notify } from '../../components/notifications';
import { type ShownOnceCode, ShownOnceCodeDialog } from '../../components/shown-once-code-dialog';
import { formatMoney } from '../../../shared/i18n/format';
import type { MessageId } from '../../../shared/i18n/locales';
import { T, useT } from '../../i18n/use-t';
import { formatDate, orderFlagLabel, orderStatusLabel } from '../../lib/admin-format';
import { errorMessage } from '../../lib/api-error';
import { downloadFile } from '../../lib/rest';
import { type RouterOutputs, trpc } from '../../trpc';
import { AdminListFrame, FilterSelect } from '../../components/admin/admin-list-frame';
import { RecordOrderModal } from './record-order-modal';

type OrderRow = RouterOutputs['adminOrders']['list']['items'][number];
type ActionKind = 'markPaid' | 'refund' | 'resendAccess';

const STATUS_COLORS: Record<string, string> = { completed: 'green', pending: 'yellow', refunded: 'gray' };

/** An action's label, dialog title, explanation or confirm button (`admin.orders.action.<kind>.<part>`). */
const actionText = (kind: ActionKind, part: 'label' | 'title' | 'explain' | 'confirm') =>
  `admin.orders.action.${kind}.${part}` as MessageId;

/** What the action will do: for a gift's order it is the gift that is paid or voided, not the giver's access. */
function explainFor(kind: ActionKind, order: OrderRow): MessageId {
  if (order.gift && kind === 'markPaid') return 'admin.orders.action.markPaid.explainGift';
  if (order.gift && !order.gift.redeemed && kind === 'refund') return 'admin.orders.action.refund.explainGift';
  return actionText(kind, 'explain');
}

function actionsFor(order: OrderRow): ActionKind[] {
  // Stripe reported the payment failed (decision 0323): nothing was paid, nothing to do here.
  if (order.paymentFailed) return [];
  if (order.status === 'pending') return ['markPaid'];
  // A gift's order carries the giver's email, which no access went to: GiftLink takes the seller
  // to the gift (or to the couple who opened it) instead of a "Resend access" that cannot work.
  if (order.gift) return order.status === 'completed' ? ['refund'] : [];
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
  const { t, locale } = useT();

  const input = {
    search: debouncedSearch,
    page,
    pageSize: ADMIN_DEFAULT_PAGE_SIZE,
    ...(status ? { status } : {}),
  };
  const list = useQuery({ ...trpc.adminOrders.list.queryOptions(input), placeholderData: keepPreviousData });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.adminOrders.pathKey() });

  const onActionError = (error: unknown) =>
    notify.error(t('admin.orders.actionFailed'), errorMessage(error, t('admin.tryAgain')));
  const markPaid = useMutation(
    trpc.adminOrders.markPaid.mutationOptions({
      onSuccess: (order) => {
        notify.success(
          t('admin.orders.paid.title'),
          order.sentTo
            ? t('admin.orders.paid.sent', { email: order.sentTo })
            : t(order.giftFor ? 'admin.orders.paid.giftBody' : 'admin.orders.paid.body', {
                email: order.giftFor ?? '',
              }),
        );
        setShown(order.accessCode ? { ...order, accessCode: order.accessCode } : null);
      },
      onError: onActionError,
    }),
  );
  const refund = useMutation(
    trpc.adminOrders.refund.mutationOptions({
      onSuccess: (result) =>
        notify.success(
          t('admin.orders.refunded.title'),
          result.giftVoided
            ? t('admin.orders.refunded.giftVoided')
            : result.accessDropped
              ? result.certificatesRevoked > 0
                ? `${t('admin.orders.refunded.dropped')} ${t('admin.orders.refunded.certificatesRevoked', { count: result.certificatesRevoked })}`
                : t('admin.orders.refunded.dropped')
              : result.changed
                ? t('admin.orders.refunded.covered')
                : t('admin.orders.refunded.already'),
        ),
      onError: onActionError,
    }),
  );
  const resend = useMutation(
    trpc.adminOrders.resendAccess.mutationOptions({
      onSuccess: (result) =>
        notify.success(t('admin.couple.codeSent.title'), t('admin.couple.codeSent.body', { email: result.sentTo })),
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
      notify.error(t('admin.orders.export.failed'), errorMessage(error, t('admin.orders.export.fallback')));
    } finally {
      setExporting(false);
    }
  }

  const filtered = debouncedSearch !== '' || status !== null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>{t('admin.orders.heading')}</Title>
          <Text c="dimmed">{t('admin.orders.intro')}</Text>
        </div>
        <Group gap="sm">
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setRecording(true)}>
            {t('admin.orders.record')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconDownload size={18} aria-hidden />}
            loading={exporting}
            onClick={() => void exportCsv()}
          >
            {t('admin.orders.exportCsv')}
          </Button>
        </Group>
      </Group>

      <Group align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label={t('admin.search')}
          description={t('admin.orders.search.description')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 16rem' }}
        />
        <FilterSelect<AnyOrderStatus>
          label={t('admin.orders.status.label')}
          placeholder={t('admin.orders.status.all')}
          data={(['pending', 'completed', 'refunded'] as const).map((value) => ({
            value,
            label: orderStatusLabel(value),
          }))}
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
        loadingLabel={t('admin.loading.orders')}
        errorFallback={t('admin.orders.loadFailed')}
        emptyTestId="orders-empty"
        countLabel={(count) => t('admin.orders.count', { count })}
        onPageChange={setPage}
        empty={
          filtered ? (
            <Text>{t('admin.orders.empty.filtered')}</Text>
          ) : (
            <Text>
              <T id="admin.orders.empty.none" components={{ 0: <strong />, 1: <code /> }} />
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
          setShown(order.accessCode ? { ...order, accessCode: order.accessCode } : null);
        }}
      />
      <Modal
        opened={pending !== null}
        onClose={() => setPending(null)}
        title={pending ? t(actionText(pending.kind, 'title')) : ''}
        centered
      >
        {pending && (
          <Stack gap="md">
            <Text>
              <T
                id="admin.orders.confirm.summary"
                values={{
                  id: pending.order.id,
                  name: `${pending.order.firstName} ${pending.order.lastName}`,
                  email: pending.order.email,
                  amount: formatMoney(locale, pending.order.amount, pending.order.currency),
                }}
                components={{ 0: <code /> }}
              />
            </Text>
            <Text>{t(explainFor(pending.kind, pending.order), { email: pending.order.gift?.coupleEmail ?? '' })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPending(null)}>
                {t('admin.cancel')}
              </Button>
              <Button
                color={pending.kind === 'refund' ? 'red' : undefined}
                loading={busy}
                onClick={() => void confirm()}
              >
                {t(actionText(pending.kind, 'confirm'))}
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

function StatusBadge({ order }: { order: OrderRow }) {
  useT();
  const color = order.paymentFailed ? 'red' : (STATUS_COLORS[order.status] ?? 'gray');
  return (
    <Badge color={color} variant="light" c="dark.8">
      {orderStatusLabel(order.status, order.paymentFailed)}
    </Badge>
  );
}

/** Why a pending order waits for the seller (the server's flag), in the page's language. */
function FlagNote({ order }: { order: OrderRow }) {
  useT();
  const label = orderFlagLabel(order.flag);
  if (!label) return null;
  return (
    <Text size="xs" fw={600} mt={4}>
      {label}
    </Text>
  );
}

/** For a gift's order: who the gift is for (the order's name and email are the giver's). */
function GiftNote({ order }: { order: OrderRow }) {
  const { t } = useT();
  if (!order.gift) return null;
  return (
    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      {t('admin.orders.gift.for', {
        names: order.gift.coupleNames,
        email: order.gift.coupleEmail,
        opened: order.gift.redeemed ? 'yes' : 'no',
      })}
    </Text>
  );
}

/** Where the seller helps a gift's couple: the Gifts page (resend or redirect the email), or the couple's page once opened. */
function GiftLink({ order }: { order: OrderRow }) {
  const { t } = useT();
  // A gift payment still to check is not on the Gifts page (paid gifts only): Mark paid comes first.
  if (!order.gift || order.status === 'pending') return null;
  if (order.gift.redeemed && order.gift.coupleId !== null) {
    const coupleId = String(order.gift.coupleId);
    return (
      <Anchor
        renderRoot={(props) => <Link {...props} to="/admin/couples/$coupleId" params={{ coupleId }} />}
        size="sm"
        aria-label={t('admin.orders.gift.coupleLabel', { id: order.id })}
      >
        {t('admin.orders.gift.couple')}
      </Anchor>
    );
  }
  return (
    <Anchor
      component={Link}
      to="/admin/gifts"
      size="sm"
      aria-label={t('admin.orders.gift.manageLabel', { id: order.id })}
    >
      {t('admin.orders.gift.manage')}
    </Anchor>
  );
}

/**
 * An order's actions. In the table they stand one under the other, each as wide as its label
 * (min-width: max-content): a button's label never shrinks under its text, so the table gives the
 * column the room it needs ("Marcar como pagado" was cut to "Marca… como pagad…" at 1280 px).
 */
function RowActions({
  order,
  onAction,
  stacked = false,
}: {
  order: OrderRow;
  onAction: OrderListProps['onAction'];
  stacked?: boolean;
}) {
  const { t } = useT();
  const buttons = (
    <>
      <GiftLink order={order} />
      {actionsFor(order).map((kind) => (
        <Button
          key={kind}
          size="xs"
          miw="max-content"
          variant={kind === 'refund' ? 'subtle' : 'light'}
          color={kind === 'refund' ? 'red' : undefined}
          aria-label={t('admin.orders.rowAction', { action: t(actionText(kind, 'label')), id: order.id })}
          onClick={() => onAction(kind, order)}
        >
          {t(actionText(kind, 'label'))}
        </Button>
      ))}
    </>
  );
  return stacked ? (
    <Stack gap={6} align="flex-start">
      {buttons}
    </Stack>
  ) : (
    <Group gap="xs" wrap="wrap">
      {buttons}
    </Group>
  );
}

/** Where the seller sees a card payment in Stripe (docs/product.md#card-payments). */
export function stripePaymentUrl(orderId: string): string {
  return `https://dashboard.stripe.com/payments/${encodeURIComponent(orderId)}`;
}

function PaidVia({ order }: { order: OrderRow }) {
  const { t } = useT();
  if (!order.paidThroughStripe) return <>{t('admin.orders.recorded')}</>;
  return (
    <Anchor href={stripePaymentUrl(order.id)} target="_blank" rel="noopener noreferrer">
      Stripe<VisuallyHidden> {t('admin.orders.stripeHidden', { id: order.id })}</VisuallyHidden>
    </Anchor>
  );
}

function OrdersTable({ orders, onAction }: OrderListProps) {
  const { t, locale } = useT();
  return (
    <Table.ScrollContainer minWidth={720} visibleFrom="sm">
      <Table striped highlightOnHover aria-label={t('admin.orders.heading')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('admin.orders.col.status')}</Table.Th>
            <Table.Th scope="col">{t('admin.orders.col.amount')}</Table.Th>
            <Table.Th scope="col">{t('admin.orders.col.name')}</Table.Th>
            <Table.Th scope="col">{t('admin.orders.col.email')}</Table.Th>
            <Table.Th scope="col">{t('admin.orders.col.date')}</Table.Th>
            <Table.Th scope="col">{t('admin.orders.col.paidVia')}</Table.Th>
            <Table.Th scope="col">{t('admin.orders.col.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <Table.Tr key={order.id}>
              <Table.Td>
                <StatusBadge order={order} />
                <FlagNote order={order} />
              </Table.Td>
              <Table.Td>{formatMoney(locale, order.amount, order.currency)}</Table.Td>
              <Table.Td>
                {order.firstName} {order.lastName}
                <Text size="xs" c="dimmed" ff="monospace">
                  {order.id}
                </Text>
                <GiftNote order={order} />
              </Table.Td>
              {/* A long address may break anywhere: the actions keep the room their labels need. */}
              <Table.Td style={{ overflowWrap: 'anywhere', minWidth: '13rem' }}>{order.email}</Table.Td>
              <Table.Td>{formatDate(order.createdAt)}</Table.Td>
              <Table.Td>
                <PaidVia order={order} />
              </Table.Td>
              <Table.Td>
                <RowActions order={order} onAction={onAction} stacked />
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
  const { t, locale } = useT();
  return (
    <Stack
      gap="sm"
      hiddenFrom="sm"
      component="ul"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      aria-label={t('admin.orders.heading')}
    >
      {orders.map((order) => (
        <Card key={order.id} withBorder component="li">
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600}>
              {order.firstName} {order.lastName}
            </Text>
            <StatusBadge order={order} />
          </Group>
          <FlagNote order={order} />
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            {order.email}
          </Text>
          <GiftNote order={order} />
          <Text size="sm" c="dimmed">
            {formatMoney(locale, order.amount, order.currency)} · {formatDate(order.createdAt)} ·{' '}
            <PaidVia order={order} />
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
