import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { NAME_MAX_LENGTH } from '../../../shared/constants';
import {
  FACILITATOR_KINDS,
  type FacilitatorKind,
  GRANT_AMOUNT_MAX,
  grantPackSchema,
  inviteFacilitatorSchema,
  ORGANISATION_MAX_LENGTH,
  SEATS_MAX,
} from '../../../shared/facilitator-schemas';
import { formatDate, formatMoney } from '../../../shared/i18n/format';
import type { MessageId } from '../../../shared/i18n/locales';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notify } from '../../components/notifications';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/api-error';
import { refusedFields } from '../../lib/refused-fields';
import { QueryTable } from '../../components/query-states';
import { smallestUnit, useConfiguredPrice } from '../../components/admin/configured-price';
import { type RouterOutputs, trpc } from '../../trpc';
import { AdminHeading } from '../../components/admin/admin-layout';

type Facilitator = RouterOutputs['adminFacilitators']['list'][number];
type Pack = RouterOutputs['adminFacilitators']['packs'][number];

const KIND_LABELS: Record<FacilitatorKind, MessageId> = {
  counsellor: 'facilitator.kind.counsellor',
  pastor: 'facilitator.kind.pastor',
  mentor_couple: 'facilitator.kind.mentorCouple',
};

/** The invitation's fields the form checks itself, with the shared schema, before anything is sent. */
type InviteField = 'name' | 'email' | 'organisation';

function InviteForm() {
  const { t } = useT();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [kind, setKind] = useState<FacilitatorKind>('pastor');
  const [organisation, setOrganisation] = useState('');
  // A name, email or organisation the server would refuse stays as typed, with its field's
  // message, and nothing is sent.
  const [refused, setRefused] = useState<ReadonlySet<InviteField>>(new Set());
  const typed = (field: InviteField, set: (value: string) => void) => (value: string) => {
    set(value);
    if (refused.has(field)) setRefused((current) => new Set([...current].filter((name) => name !== field)));
  };
  const invite = useMutation(
    trpc.adminFacilitators.invite.mutationOptions({
      onSuccess: async () => {
        notify.success(t('facilitator.admin.invited'));
        // The whole form starts over: a kept organisation or kind would silently go with the next invitation.
        setName('');
        setEmail('');
        setKind('pastor');
        setOrganisation('');
        setRefused(new Set());
        await queryClient.invalidateQueries({ queryKey: trpc.adminFacilitators.list.queryKey() });
      },
    }),
  );
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = { name, email, kind, organisation };
    const fields = refusedFields(inviteFacilitatorSchema, input, ['name', 'email', 'organisation'] as const);
    setRefused(fields);
    if (fields.size === 0) invite.mutate(input);
  }
  return (
    <Paper withBorder radius="md" p="md">
      <form noValidate onSubmit={submit} aria-label={t('facilitator.admin.inviteForm')}>
        <Stack gap="sm">
          <Title order={2}>{t('facilitator.admin.inviteTitle')}</Title>
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t('facilitator.admin.name')}
              required
              value={name}
              onChange={(e) => typed('name', setName)(e.currentTarget.value)}
              error={
                refused.has('name') ? t('facilitator.admin.invalid.name', { max: NAME_MAX_LENGTH * 2 }) : undefined
              }
            />
            <TextInput
              label={t('facilitator.admin.email')}
              type="email"
              required
              value={email}
              onChange={(e) => typed('email', setEmail)(e.currentTarget.value)}
              error={refused.has('email') ? t('errors.field.emailInvalid') : undefined}
            />
            <NativeSelect
              label={t('facilitator.admin.kind')}
              value={kind}
              onChange={(e) => setKind(e.currentTarget.value as FacilitatorKind)}
              data={FACILITATOR_KINDS.map((value) => ({ value, label: t(KIND_LABELS[value]) }))}
            />
            <TextInput
              label={t('facilitator.admin.organisation')}
              description={t('facilitator.admin.optional')}
              value={organisation}
              onChange={(e) => typed('organisation', setOrganisation)(e.currentTarget.value)}
              error={
                refused.has('organisation')
                  ? t('facilitator.admin.invalid.organisation', { max: ORGANISATION_MAX_LENGTH })
                  : undefined
              }
            />
          </Group>
          {invite.isError ? (
            <Alert color="red">{errorMessage(invite.error, t('facilitator.admin.notInvited'))}</Alert>
          ) : null}
          {invite.data ? (
            <Alert color="green" title={t('facilitator.admin.inviteLinkTitle')}>
              <Text size="sm">{t('facilitator.admin.inviteLinkText')}</Text>
              <Code block>{invite.data.inviteLink}</Code>
            </Alert>
          ) : null}
          <Button type="submit" loading={invite.isPending} w="fit-content">
            {t('facilitator.admin.invite')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

type GrantField = 'seats' | 'expiresOn' | 'amount';

function GrantForm({ facilitators }: { facilitators: Facilitator[] }) {
  const { t, locale } = useT();
  const queryClient = useQueryClient();
  // The amount is typed as a price is written and kept in the currency's smallest unit, as the
  // server records a pack in the configured currency.
  const { currency, decimals } = useConfiguredPrice();
  const active = facilitators.filter((row) => row.status !== 'revoked');
  const [facilitatorId, setFacilitatorId] = useState('');
  const [seats, setSeats] = useState<number | string>(10);
  const [expiresOn, setExpiresOn] = useState('');
  const [amount, setAmount] = useState<number | string>(0);
  // Seats or an amount out of range, or a last day already past, stay as typed, with the field's
  // message, and nothing is sent.
  const [refused, setRefused] = useState<ReadonlySet<GrantField>>(new Set());
  const typed =
    <V,>(field: GrantField, set: (value: V) => void) =>
    (value: V) => {
      set(value);
      if (refused.has(field)) setRefused((current) => new Set([...current].filter((name) => name !== field)));
    };
  const grant = useMutation(
    trpc.adminFacilitators.grantPack.mutationOptions({
      onSuccess: async () => {
        notify.success(t('facilitator.admin.granted'));
        await queryClient.invalidateQueries({ queryKey: trpc.adminFacilitators.pathKey() });
      },
    }),
  );
  if (active.length === 0) return null;
  const chosen = facilitatorId || String(active[0]!.id);
  return (
    <Paper withBorder radius="md" p="md">
      {/* The form's own messages, under each field in the page's language, not the browser's bubbles. */}
      <form
        noValidate
        aria-label={t('facilitator.admin.grantForm')}
        onSubmit={(event) => {
          event.preventDefault();
          // A half-typed last day reads as no day at all: it is refused, not granted without one.
          const lastDay = event.currentTarget.querySelector<HTMLInputElement>('input[type="date"]');
          const input = {
            facilitatorId: Number(chosen),
            seats: Number(seats),
            expiresOn: expiresOn || null,
            amount: smallestUnit(amount || 0, decimals),
          };
          const fields = refusedFields(grantPackSchema, input, ['seats', 'expiresOn', 'amount'] as const);
          if (lastDay?.validity.badInput) fields.add('expiresOn');
          setRefused(fields);
          if (fields.size === 0) grant.mutate(input);
        }}
      >
        <Stack gap="sm">
          <Title order={2}>{t('facilitator.admin.grantTitle')}</Title>
          <Group align="flex-end" wrap="wrap">
            <NativeSelect
              label={t('facilitator.admin.facilitator')}
              value={chosen}
              onChange={(e) => setFacilitatorId(e.currentTarget.value)}
              data={active.map((row) => ({ value: String(row.id), label: row.name }))}
            />
            <NumberInput
              label={t('facilitator.admin.seats')}
              min={1}
              max={SEATS_MAX}
              error={refused.has('seats') ? t('facilitator.admin.invalid.seats', { max: SEATS_MAX }) : undefined}
              value={seats}
              onChange={typed('seats', setSeats)}
              w={120}
            />
            <TextInput
              label={t('facilitator.admin.expiresOn')}
              description={t('facilitator.admin.optional')}
              type="date"
              error={refused.has('expiresOn') ? t('facilitator.admin.invalid.expiresOn') : undefined}
              value={expiresOn}
              onChange={(e) => typed('expiresOn', setExpiresOn)(e.currentTarget.value)}
            />
            <NumberInput
              label={t('facilitator.admin.paidOutside')}
              min={0}
              decimalScale={decimals}
              error={
                refused.has('amount')
                  ? t('facilitator.admin.invalid.amount', { max: formatMoney(locale, GRANT_AMOUNT_MAX, currency) })
                  : undefined
              }
              value={amount}
              onChange={typed('amount', setAmount)}
              w={160}
            />
          </Group>
          {grant.isError ? (
            <Alert color="red">{errorMessage(grant.error, t('facilitator.admin.notGranted'))}</Alert>
          ) : null}
          <Button type="submit" loading={grant.isPending} w="fit-content">
            {t('facilitator.admin.grant')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** `canGrant`: the grant form is on the page (there is a facilitator who is not revoked). */
function PacksTable({ canGrant }: { canGrant: boolean }) {
  const { t, locale } = useT();
  const queryClient = useQueryClient();
  const packs = useQuery(trpc.adminFacilitators.packs.queryOptions());
  const [revoke, setRevoke] = useState<Record<number, boolean>>({});
  // A refund cannot be undone: it is asked for first, as every destructive action of the back office.
  const [confirming, setConfirming] = useState<Pack | null>(null);
  const refund = useMutation(
    trpc.adminFacilitators.refundPack.mutationOptions({
      onSuccess: async (result) => {
        notify.success(
          t('facilitator.admin.refunded'),
          result.certificatesRevoked > 0
            ? t('facilitator.admin.refundedCertificates', { count: result.certificatesRevoked })
            : undefined,
        );
        setConfirming(null);
        await queryClient.invalidateQueries({ queryKey: trpc.adminFacilitators.pathKey() });
      },
      onError: (error) => {
        setConfirming(null);
        notify.error(t('facilitator.admin.notRefunded'), errorMessage(error, t('admin.tryAgain')));
      },
    }),
  );
  const confirmingLabel = confirming
    ? { name: confirming.facilitatorName, seats: confirming.seats }
    : { name: '', seats: 0 };
  return (
    <>
      <QueryTable
        query={packs}
        loadingLabel={t('facilitator.admin.loading')}
        skeleton={{ rows: 2, height: 48 }}
        failedTitle={t('facilitator.admin.loadFailed')}
        failedText={t('facilitator.admin.reload')}
        empty={<Text>{t(canGrant ? 'facilitator.admin.noPacks' : 'facilitator.admin.noPacksInviteFirst')}</Text>}
        label={t('facilitator.admin.packsTitle')}
        minWidth={820}
        columns={[
          t('facilitator.admin.facilitator'),
          t('facilitator.admin.organisation'),
          t('facilitator.admin.seatsUsed'),
          t('facilitator.admin.channel'),
          t('facilitator.admin.amount'),
          t('facilitator.admin.expiresOn'),
          t('facilitator.admin.status'),
        ]}
        actions={t('facilitator.admin.actions')}
        row={(pack) => (
          <Table.Tr key={pack.id}>
            <Table.Td>{pack.facilitatorName}</Table.Td>
            <Table.Td>{pack.organisation ?? '—'}</Table.Td>
            <Table.Td>{t('facilitator.area.packSeats', { used: pack.seatsUsed, seats: pack.seats })}</Table.Td>
            <Table.Td>{t(`facilitator.channel.${pack.channel}` as MessageId)}</Table.Td>
            <Table.Td>{formatMoney(locale, pack.amount, pack.currency)}</Table.Td>
            <Table.Td>{pack.expiresOn ? formatDate(locale, pack.expiresOn) : t('facilitator.admin.noExpiry')}</Table.Td>
            <Table.Td>
              <Badge
                variant="light"
                color={pack.status === 'active' ? 'green' : pack.status === 'failed' ? 'red' : 'gray'}
              >
                {t(`facilitator.packStatus.${pack.status}` as MessageId)}
              </Badge>
            </Table.Td>
            <Table.Td>
              {pack.status === 'active' || pack.status === 'expired' ? (
                <Stack gap={4}>
                  <Checkbox
                    size="xs"
                    label={t('facilitator.admin.endAccess')}
                    checked={revoke[pack.id] ?? false}
                    onChange={(e) => setRevoke({ ...revoke, [pack.id]: e.currentTarget.checked })}
                  />
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    loading={refund.isPending && refund.variables?.packId === pack.id}
                    onClick={() => setConfirming(pack)}
                    aria-label={t('facilitator.admin.refundPack', {
                      name: pack.facilitatorName,
                      seats: pack.seats,
                    })}
                  >
                    {t('facilitator.admin.refund')}
                  </Button>
                </Stack>
              ) : null}
            </Table.Td>
          </Table.Tr>
        )}
      />
      <ConfirmDialog
        title={confirming ? t('facilitator.admin.refundTitle', confirmingLabel) : null}
        cancelLabel={t('admin.cancel')}
        confirmLabel={t('facilitator.admin.refundPack', confirmingLabel)}
        pending={refund.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() =>
          confirming && refund.mutate({ packId: confirming.id, revokeAccess: revoke[confirming.id] ?? false })
        }
      >
        {confirming ? (
          <Text>
            {t('facilitator.admin.refundExplain', {
              channel: confirming.channel,
              access: revoke[confirming.id] ? 'end' : 'keep',
            })}
          </Text>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

function Revenue() {
  const { t, locale } = useT();
  const revenue = useQuery(trpc.adminFacilitators.revenue.queryOptions());
  if (revenue.isPending) return <Skeleton height={60} role="status" aria-label={t('facilitator.admin.loading')} />;
  if (revenue.isError) return <Alert color="red">{errorMessage(revenue.error, t('facilitator.admin.reload'))}</Alert>;
  const rows = [
    ...revenue.data.courses.map((row) => ({
      ...row,
      label: t(`facilitator.revenue.course.${row.channel}` as MessageId),
    })),
    ...revenue.data.packs.map((row) => ({ ...row, label: t(`facilitator.revenue.packs.${row.channel}` as MessageId) })),
  ];
  if (rows.length === 0) return <Text>{t('facilitator.admin.noRevenue')}</Text>;
  return (
    <Table aria-label={t('facilitator.admin.revenueTitle')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('facilitator.admin.channel')}</Table.Th>
          <Table.Th>{t('facilitator.admin.sales')}</Table.Th>
          <Table.Th>{t('facilitator.admin.amount')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={`${row.label}-${row.currency}`}>
            <Table.Td>{row.label}</Table.Td>
            <Table.Td>{row.count}</Table.Td>
            <Table.Td>{formatMoney(locale, row.cents, row.currency)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The back office's facilitators (issue 38, docs/facilitators.md): invite and revoke, grant and
 * refund seat packs, seats used, and revenue by channel. Never a couple's answers.
 */
export function FacilitatorsPage() {
  const { t } = useT();
  const queryClient = useQueryClient();
  const facilitators = useQuery(trpc.adminFacilitators.list.queryOptions());
  // Revoking cannot be undone: it is asked for first, as every destructive action of the back office.
  const [confirming, setConfirming] = useState<Facilitator | null>(null);
  const revoke = useMutation(
    trpc.adminFacilitators.revoke.mutationOptions({
      onSuccess: async () => {
        notify.success(t('facilitator.admin.revoked'));
        setConfirming(null);
        await queryClient.invalidateQueries({ queryKey: trpc.adminFacilitators.list.queryKey() });
      },
      onError: (error) => {
        setConfirming(null);
        notify.error(t('facilitator.admin.notRevoked'), errorMessage(error, t('admin.tryAgain')));
      },
    }),
  );
  return (
    <Stack gap="lg">
      <AdminHeading title={t('facilitator.admin.title')} intro={t('facilitator.admin.intro')} />
      <InviteForm />
      <QueryTable
        query={facilitators}
        loadingLabel={t('facilitator.admin.loading')}
        skeleton={{ rows: 3, height: 48 }}
        failedTitle={t('facilitator.admin.loadFailed')}
        failedText={t('facilitator.admin.reload')}
        empty={<Text>{t('facilitator.admin.empty')}</Text>}
        label={t('facilitator.admin.listTitle')}
        minWidth={720}
        columns={[
          t('facilitator.admin.name'),
          t('facilitator.admin.email'),
          t('facilitator.admin.kind'),
          t('facilitator.admin.organisation'),
          t('facilitator.admin.couples'),
          t('facilitator.admin.status'),
        ]}
        actions={t('facilitator.admin.actions')}
        row={(row) => (
          <Table.Tr key={row.id}>
            <Table.Td>{row.name}</Table.Td>
            <Table.Td>{row.email}</Table.Td>
            <Table.Td>{t(KIND_LABELS[row.kind])}</Table.Td>
            <Table.Td>{row.organisation ?? '—'}</Table.Td>
            <Table.Td>{row.linkedCouples}</Table.Td>
            <Table.Td>
              <Badge
                variant="light"
                color={row.status === 'active' ? 'green' : row.status === 'invited' ? 'blue' : 'gray'}
              >
                {t(`facilitator.admin.state.${row.status}` as MessageId)}
              </Badge>
            </Table.Td>
            <Table.Td>
              {row.status === 'revoked' ? null : (
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  loading={revoke.isPending && revoke.variables?.facilitatorId === row.id}
                  onClick={() => setConfirming(row)}
                  aria-label={t('facilitator.admin.revokeNamed', { name: row.name })}
                >
                  {t('facilitator.admin.revoke')}
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      />
      <ConfirmDialog
        title={confirming ? t('facilitator.admin.revokeTitle', { name: confirming.name }) : null}
        cancelLabel={t('admin.cancel')}
        confirmLabel={confirming ? t('facilitator.admin.revokeNamed', { name: confirming.name }) : ''}
        pending={revoke.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && revoke.mutate({ facilitatorId: confirming.id })}
      >
        {confirming ? <Text>{t('facilitator.admin.revokeExplain', { name: confirming.name })}</Text> : null}
      </ConfirmDialog>
      {facilitators.isSuccess ? <GrantForm facilitators={facilitators.data} /> : null}
      <Title order={2}>{t('facilitator.admin.packsTitle')}</Title>
      <PacksTable canGrant={(facilitators.data ?? []).some((row) => row.status !== 'revoked')} />
      <Title order={2}>{t('facilitator.admin.revenueTitle')}</Title>
      <Revenue />
    </Stack>
  );
}
