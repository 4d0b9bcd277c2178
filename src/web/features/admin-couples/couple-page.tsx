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
import { useId, useState } from 'react';
import { notify } from '../../components/notifications';
import { focusWhenReady } from '../../lib/focus';
import { formatDate as formatLongDate, formatMoney } from '../../../shared/i18n/format';
import type { MessageId } from '../../../shared/i18n/locales';
import { useT } from '../../i18n/use-t';
import { formatDate, orderStatusLabel } from '../../lib/admin-format';
import { errorMessage } from '../../lib/api-error';
import { type RouterOutputs, trpc } from '../../trpc';
import { AdminHeading, AdminPageSkeleton } from '../../components/admin/admin-layout';
import { AccessBadge, coupleName } from './couples-page';

type CoupleDetail = RouterOutputs['adminCouples']['get'];
type ConfirmKind = 'grantFullAccess' | 'issueCode' | 'endSessions';

/** A confirmation's title, explanation or button (`admin.couple.confirm.<kind>.<part>`). */
const confirmText = (kind: ConfirmKind, part: 'title' | 'explain' | 'confirm') =>
  `admin.couple.confirm.${kind}.${part}` as MessageId;

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
  const sourcesId = useId();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.adminCouples.pathKey() });
  const { t, locale } = useT();
  const onError = (error: unknown) =>
    notify.error(t('admin.orders.actionFailed'), errorMessage(error, t('admin.tryAgain')));

  const grant = useMutation(
    trpc.adminCouples.grantFullAccess.mutationOptions({
      onSuccess: () => notify.success(t('admin.couple.granted.title'), t('admin.couple.granted.body')),
      onError,
    }),
  );
  // The new code goes to the couple's email, never to this screen (decision 0368): the seller is
  // told where it went.
  const issue = useMutation(
    trpc.adminCouples.issueCode.mutationOptions({
      onSuccess: (result) =>
        notify.success(t('admin.couple.codeSent.title'), t('admin.couple.codeSent.body', { email: result.sentTo })),
      onError,
    }),
  );
  const end = useMutation(
    trpc.adminCouples.endSessions.mutationOptions({
      onSuccess: (result) =>
        notify.success(t('admin.couple.ended.title'), t('admin.couple.ended.body', { count: result.endedSessions })),
      onError,
    }),
  );
  const mutations = { grantFullAccess: grant, issueCode: issue, endSessions: end };

  async function confirm() {
    if (!confirming) return;
    const kind = confirming;
    const done = await mutations[kind].mutateAsync({ coupleId }).then(
      () => true,
      () => false,
    );
    setConfirming(null);
    await refresh();
    // Granted, the button that opened the dialog is gone: the focus goes to what says where the
    // access now comes from, not to the top of the page.
    if (kind === 'grantFullAccess' && done) focusWhenReady(() => document.getElementById(sourcesId));
  }

  if (!detail.data) {
    if (detail.isError) {
      return (
        <Stack gap="md">
          <BackLink />
          <Text role="alert">{errorMessage(detail.error, t('admin.couple.loadFailed'))}</Text>
        </Stack>
      );
    }
    return <AdminPageSkeleton label={t('admin.loading.couple')} />;
  }
  const couple = detail.data;
  const signInName = couple.signIns.map((row) => row.email ?? row.username).find((name) => name) ?? null;
  const busy = grant.isPending || issue.isPending || end.isPending;

  return (
    <Stack gap="lg">
      <BackLink />
      <AdminHeading
        title={coupleName(couple)}
        intro={signInName ?? t('admin.couples.fallbackName', { id: couple.coupleId })}
      />

      <Paper withBorder p="md">
        <Title order={2} size="h3" mb="sm">
          {t('admin.couple.profile')}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
          <Fact label={t('admin.couple.partner1')}>{couple.displayName || '—'}</Fact>
          <Fact label={t('admin.couple.partner2')}>{couple.partnerName || '—'}</Fact>
          <Fact label={t('admin.couple.weddingDate')}>
            {couple.weddingDate ? formatLongDate(locale, couple.weddingDate) : t('admin.couple.notSet')}
          </Fact>
          <Fact label={t('admin.couple.access')}>
            <AccessBadge level={couple.accessLevel} />
          </Fact>
          <Fact label={t('admin.couple.created')}>{formatDate(couple.createdAt)}</Fact>
          <Fact label={t('admin.couple.lastActive')}>{formatDate(couple.lastActiveAt)}</Fact>
        </SimpleGrid>
        {couple.accessLevel === 'full' && <AccessSources id={sourcesId} sources={couple.accessSources} />}
      </Paper>

      <Paper withBorder p="md">
        <Title order={2} size="h3" mb="sm">
          {t('admin.couple.progress')}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
          <Fact label={t('admin.couple.weeksCompleted')}>
            {t('admin.couple.weeksCompletedValue', { count: couple.progress.weeksCompleted })}
          </Fact>
          <Fact label={t('admin.couple.currentWeek')}>{couple.progress.currentWeek ?? t('admin.couple.finished')}</Fact>
          <Fact label={t('admin.couple.weeksRated')}>{couple.progress.ratingsCount}</Fact>
        </SimpleGrid>
        <Text size="sm" c="dimmed" mt="sm">
          {t('admin.couple.private')}
        </Text>
      </Paper>

      <Paper withBorder p="md">
        <Title order={2} size="h3" mb="sm">
          {t('admin.couple.orders')}
        </Title>
        {couple.orders.length === 0 ? (
          <Text>{t('admin.couple.noOrders')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table aria-label={t('admin.couple.ordersTable')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('admin.couple.col.order')}</Table.Th>
                  <Table.Th scope="col">{t('admin.orders.col.status')}</Table.Th>
                  <Table.Th scope="col">{t('admin.orders.col.amount')}</Table.Th>
                  <Table.Th scope="col">{t('admin.orders.col.date')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {couple.orders.map((order) => (
                  <Table.Tr key={order.id}>
                    <Table.Td ff="monospace">{order.id}</Table.Td>
                    <Table.Td>{orderStatusLabel(order.status, order.paymentFailed)}</Table.Td>
                    <Table.Td>{formatMoney(locale, order.amount, order.currency)}</Table.Td>
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
          {t('admin.couple.signIns')}
        </Title>
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {couple.signIns.map((account) => (
            <li key={account.accountId}>
              <Text fw={500} style={{ wordBreak: 'break-all' }}>
                {account.email ?? account.username}
              </Text>
              <Text size="sm" c="dimmed">
                {t('admin.couple.signIn.methods', {
                  methods:
                    account.hasAccessCode && account.hasPassword
                      ? 'both'
                      : account.hasAccessCode
                        ? 'code'
                        : account.hasPassword
                          ? 'password'
                          : 'none',
                })}
                {' · '}
                {t('admin.couple.signIn.sessions', { count: account.activeSessions })}
                {account.lastSignInAt
                  ? ` · ${t('admin.couple.signIn.last', { when: formatDate(account.lastSignInAt) })}`
                  : ''}
              </Text>
            </li>
          ))}
        </Stack>
      </Paper>

      <Paper withBorder p="md">
        <Title order={2} size="h3" mb="sm">
          {t('admin.couple.actions')}
        </Title>
        <Group gap="sm" wrap="wrap">
          {couple.accessLevel !== 'full' && (
            <Button variant="light" onClick={() => setConfirming('grantFullAccess')}>
              {t('admin.couple.grant')}
            </Button>
          )}
          <Button variant="light" onClick={() => setConfirming('issueCode')}>
            {t('admin.couple.issue')}
          </Button>
          <Button variant="light" onClick={() => setConfirming('endSessions')}>
            {t('admin.couple.endAll')}
          </Button>
          <Button color="red" variant="outline" onClick={() => setDeleting(true)}>
            {t('admin.couple.delete')}
          </Button>
        </Group>
        {couple.accessLevel === 'full' && (
          <Text size="sm" c="dimmed" mt="sm" data-testid="grant-not-needed">
            {t('admin.couple.grant.alreadyFull')}
            {seatOnly(couple.accessSources) && ` ${t('admin.couple.grant.seatOnly')}`}
          </Text>
        )}
      </Paper>

      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming ? t(confirmText(confirming, 'title')) : ''}
        centered
      >
        {confirming && (
          <Stack gap="md">
            <Text>{t(confirmText(confirming, 'explain'))}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(null)}>
                {t('admin.cancel')}
              </Button>
              <Button loading={busy} onClick={() => void confirm()}>
                {t(confirmText(confirming, 'confirm'))}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <DeleteCoupleModal opened={deleting} couple={couple} expected={signInName} onClose={() => setDeleting(false)} />
    </Stack>
  );
}

type AccessSource = CoupleDetail['accessSources'][number];

/** Whether the couple's full access rests on facilitators' seats alone, which a pack refund can end. */
function seatOnly(sources: AccessSource[]): boolean {
  return sources.length > 0 && sources.every((source) => source.kind === 'seat');
}

/**
 * Where a couple's full access comes from (an account fact): their purchase, a gift they opened,
 * the seller's grant, or a seat of a facilitator's pack (decisions 0264, 0333).
 */
function AccessSources({ id, sources }: { id: string; sources: AccessSource[] }) {
  const { t, locale } = useT();
  const labelId = useId();
  const describe = (source: AccessSource): string => {
    const date = formatLongDate(locale, source.at);
    switch (source.kind) {
      case 'bought':
        return t('admin.couple.accessFrom.bought', { orderId: source.orderId, date });
      case 'gift':
        return t('admin.couple.accessFrom.gift', { orderId: source.orderId, date });
      case 'granted':
        return t('admin.couple.accessFrom.granted', { admin: source.by, date });
      case 'seat':
        return t('admin.couple.accessFrom.seat', {
          facilitator: source.facilitator,
          organisation: source.organisation ?? '',
          withOrganisation: source.organisation ? 'yes' : 'no',
          refunded: source.packRefunded ? 'yes' : 'no',
          date,
        });
    }
  };
  return (
    <div data-testid="access-sources" id={id}>
      <Text size="sm" c="dimmed" mt="md" id={labelId}>
        {t('admin.couple.accessFrom')}
      </Text>
      {sources.length === 0 ? (
        <Text fw={500}>{t('admin.couple.accessFrom.none')}</Text>
      ) : (
        <Stack gap={4} component="ul" aria-labelledby={labelId} style={{ paddingInlineStart: '1.25rem', margin: 0 }}>
          {sources.map((source) => (
            <Text component="li" fw={500} key={`${source.kind}-${source.at}`}>
              {describe(source)}
            </Text>
          ))}
        </Stack>
      )}
    </div>
  );
}

function BackLink() {
  const { t } = useT();
  return (
    <Anchor component={Link} to="/admin/couples" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden /> {t('admin.couple.back')}
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
  const { t } = useT();
  const remove = useMutation(
    trpc.adminCouples.delete.mutationOptions({
      onSuccess: async () => {
        notify.success(t('admin.couple.deleted.title'), t('admin.couple.deleted.body'));
        onClose();
        await queryClient.invalidateQueries({ queryKey: trpc.adminCouples.pathKey() });
        await navigate({ to: '/admin/couples' });
      },
      onError: (error) => notify.error(t('admin.couple.deleteFailed'), errorMessage(error, t('admin.tryAgain'))),
    }),
  );
  const matches = expected !== null && typed.trim().toLowerCase() === expected.toLowerCase();
  return (
    <Modal opened={opened} onClose={onClose} title={t('admin.couple.delete.title')} centered>
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
            title={t('admin.couple.delete.warning')}
            role="note"
          >
            {t('admin.couple.delete.explain')}
          </Alert>
          <TextInput
            label={expected ? t('admin.couple.delete.type', { expected }) : t('admin.couple.delete.typeFallback')}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin.cancel')}
            </Button>
            <Button type="submit" color="red" disabled={!matches} loading={remove.isPending}>
              {t('admin.couple.delete')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
