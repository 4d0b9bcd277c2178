import {
  Alert,
  Badge,
  Button,
  Checkbox,
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
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { CouponListItem } from '../../../shared/coupons-schemas';
import { formatMoney } from '../../../shared/money';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';

interface CouponDraft {
  code: string;
  kind: 'percent' | 'fixed';
  /** Percent (1-100), or the amount in the currency's major unit as typed (e.g. 10.50). */
  amount: number | string;
  expiresOn: string;
  maxUses: number | string;
  firstPurchaseOnly: boolean;
  active: boolean;
}

const EMPTY: CouponDraft = {
  code: '',
  kind: 'percent',
  amount: 10,
  expiresOn: '',
  maxUses: '',
  firstPurchaseOnly: false,
  active: true,
};

function toInput(draft: CouponDraft) {
  const amount = Number(draft.amount);
  return {
    code: draft.code,
    kind: draft.kind,
    amount: draft.kind === 'fixed' ? Math.round(amount * 100) : amount,
    expiresOn: draft.expiresOn || null,
    maxUses: draft.maxUses === '' ? null : Number(draft.maxUses),
    firstPurchaseOnly: draft.firstPurchaseOnly,
    active: draft.active,
  };
}

function draftOf(coupon: CouponListItem): CouponDraft {
  return {
    code: coupon.code,
    kind: coupon.kind,
    amount: coupon.kind === 'fixed' ? coupon.amount / 100 : coupon.amount,
    expiresOn: coupon.expiresOn ?? '',
    maxUses: coupon.maxUses ?? '',
    firstPurchaseOnly: coupon.firstPurchaseOnly,
    active: coupon.active,
  };
}

function CouponEditor({
  initial,
  editingId,
  onDone,
}: {
  initial: CouponDraft;
  editingId: number | null;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<CouponDraft>(initial);
  const done = {
    onSuccess: () => {
      notify.success('Coupon saved', `The code ${draft.code.toUpperCase()} is saved.`);
      void queryClient.invalidateQueries({ queryKey: trpc.adminCoupons.list.queryKey() });
      onDone();
    },
  };
  const create = useMutation(trpc.adminCoupons.create.mutationOptions(done));
  const update = useMutation(trpc.adminCoupons.update.mutationOptions(done));
  const saving = create.isPending || update.isPending;
  const error = create.error ?? update.error;
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (editingId === null) create.mutate(toInput(draft));
    else update.mutate({ id: editingId, coupon: toInput(draft) });
  }
  const set = <K extends keyof CouponDraft>(key: K, value: CouponDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} aria-label={editingId === null ? 'New coupon' : `Edit coupon ${initial.code}`}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {editingId === null ? 'New coupon' : `Edit ${initial.code}`}
          </Title>
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label="Code"
              required
              value={draft.code}
              onChange={(event) => set('code', event.currentTarget.value)}
              miw={160}
            />
            <NativeSelect
              label="Discount"
              data={[
                { value: 'percent', label: 'Percentage' },
                { value: 'fixed', label: 'Fixed amount' },
              ]}
              value={draft.kind}
              onChange={(event) => set('kind', event.currentTarget.value as CouponDraft['kind'])}
              miw={140}
            />
            <NumberInput
              label={draft.kind === 'percent' ? 'Percent off' : 'Amount off'}
              required
              min={draft.kind === 'percent' ? 1 : 0.01}
              max={draft.kind === 'percent' ? 100 : undefined}
              decimalScale={draft.kind === 'percent' ? 0 : 2}
              value={draft.amount}
              onChange={(value) => set('amount', value)}
              miw={120}
            />
          </Group>
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label="Last day (optional)"
              type="date"
              value={draft.expiresOn}
              onChange={(event) => set('expiresOn', event.currentTarget.value)}
              miw={160}
            />
            <NumberInput
              label="Maximum uses (optional)"
              min={1}
              allowDecimal={false}
              value={draft.maxUses}
              onChange={(value) => set('maxUses', value)}
              miw={160}
            />
          </Group>
          <Group gap="lg">
            <Checkbox
              label="First purchase only"
              checked={draft.firstPurchaseOnly}
              onChange={(event) => set('firstPurchaseOnly', event.currentTarget.checked)}
            />
            <Checkbox
              label="Active"
              checked={draft.active}
              onChange={(event) => set('active', event.currentTarget.checked)}
            />
          </Group>
          {error ? (
            <Alert color="red" title="Not saved">
              {errorMessage(error, 'The coupon could not be saved. Please try again.')}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={saving}>
              Save coupon
            </Button>
            <Button variant="subtle" onClick={onDone} disabled={saving}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function describe(coupon: CouponListItem, currency: string): string {
  return coupon.kind === 'percent' ? `${coupon.amount} % off` : `${formatMoney(coupon.amount, currency)} off`;
}

/**
 * The back office's coupons (decision 0240): every code with its rules, its uses (completed
 * orders), the checkouts holding a use now and its revenue; new codes and edits.
 */
export function CouponsPage() {
  const coupons = useQuery(trpc.adminCoupons.list.queryOptions());
  const config = useQuery(trpc.publicConfig.get.queryOptions());
  const currency = config.data?.currency ?? 'usd';
  const [editing, setEditing] = useState<{ id: number | null; draft: CouponDraft } | null>(null);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Coupons</Title>
          <Text c="dimmed">Codes buyers type on the checkout and gift forms. The price is always computed here.</Text>
        </div>
        <Button
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => setEditing({ id: null, draft: EMPTY })}
        >
          New coupon
        </Button>
      </Group>
      {editing ? (
        <CouponEditor
          key={editing.id ?? 'new'}
          initial={editing.draft}
          editingId={editing.id}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {coupons.isPending ? (
        <Skeleton height={160} aria-label="Loading the coupons" />
      ) : coupons.isError ? (
        <Alert color="red" title="Could not load the coupons">
          {errorMessage(coupons.error, 'Please reload the page to try again.')}
        </Alert>
      ) : coupons.data.length === 0 ? (
        <Text>No coupons yet. Create one with New coupon.</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-label="Coupons">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Code</Table.Th>
                <Table.Th>Discount</Table.Th>
                <Table.Th>Rules</Table.Th>
                <Table.Th>Uses</Table.Th>
                <Table.Th>Revenue</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {coupons.data.map((coupon) => (
                <Table.Tr key={coupon.id}>
                  <Table.Td ff="monospace">{coupon.code}</Table.Td>
                  <Table.Td>{describe(coupon, currency)}</Table.Td>
                  <Table.Td>
                    {[
                      coupon.expiresOn ? `until ${coupon.expiresOn}` : null,
                      coupon.maxUses !== null ? `at most ${coupon.maxUses} uses` : null,
                      coupon.firstPurchaseOnly ? 'first purchase only' : null,
                    ]
                      .filter(Boolean)
                      .join(', ') || 'none'}
                  </Table.Td>
                  <Table.Td>
                    {coupon.uses}
                    {coupon.reserved > 0 ? ` (+${coupon.reserved} in checkout)` : ''}
                  </Table.Td>
                  <Table.Td>{formatMoney(coupon.revenueCents, currency)}</Table.Td>
                  <Table.Td>
                    <Badge color={coupon.active ? 'green' : 'gray'} variant="light">
                      {coupon.active ? 'Active' : 'Inactive'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => setEditing({ id: coupon.id, draft: draftOf(coupon) })}
                      aria-label={`Edit ${coupon.code}`}
                    >
                      Edit
                    </Button>
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
