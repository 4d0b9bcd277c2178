import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import {
  COUPON_CODE_MAX_LENGTH,
  COUPON_FIXED_MAX_AMOUNT,
  COUPON_MAX_USES,
  type CouponListItem,
  couponFormSchema,
} from '../../../shared/coupons-schemas';
import { formatDate, formatMoney, formatNumber } from '../../../shared/i18n/format';
import type { Locale } from '../../../shared/i18n/locales';
import { notify } from '../../components/notifications';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/api-error';
import {
  focusFirstInvalid,
  type RememberedFocus,
  rememberFocus,
  returnFocus,
  useFocusWhenReady,
} from '../../lib/focus';
import { refusedFields } from '../../lib/refused-fields';
import { QueryTable } from '../../components/query-states';
import { trpc } from '../../trpc';
import { AdminHeading } from '../../components/admin/admin-layout';

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
    ...draft,
    amount: draft.kind === 'fixed' ? Math.round(amount * 100) : amount,
    expiresOn: draft.expiresOn || null,
    maxUses: draft.maxUses === '' ? null : Number(draft.maxUses),
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

/** The fields the form checks itself, with the shared schema, before anything is sent (in the form's order). */
const CHECKED_FIELDS = ['code', 'amount', 'maxUses'] as const;
type CheckedField = (typeof CHECKED_FIELDS)[number];

function CouponEditor({
  initial,
  editingId,
  currency,
  onDone,
}: {
  initial: CouponDraft;
  editingId: number | null;
  currency: string;
  onDone: () => void;
}) {
  const { t, locale } = useT();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<CouponDraft>(initial);
  const done = {
    // Refused, the Save button gets the focus back (it is disabled while the request runs, and a
    // browser drops the focus to the page) and the refusal is read out (the Alert's role=alert).
    // Saved, the form goes and the page puts the focus back where the form was opened from.
    onMutate: rememberFocus,
    onError: (_error: unknown, _input: unknown, remembered: RememberedFocus | undefined) => returnFocus(remembered),
    onSuccess: () => {
      notify.success(t('admin-coupons.saved'), t('admin-coupons.savedText', { code: draft.code.toUpperCase() }));
      void queryClient.invalidateQueries({ queryKey: trpc.adminCoupons.list.queryKey() });
      onDone();
    },
  };
  const create = useMutation(trpc.adminCoupons.create.mutationOptions(done));
  const update = useMutation(trpc.adminCoupons.update.mutationOptions(done));
  const saving = create.isPending || update.isPending;
  const error = create.error ?? update.error;
  // A code the checkout would refuse, or a number out of range, stays as typed, with its field's
  // message, and nothing is sent.
  const [refused, setRefused] = useState<ReadonlySet<CheckedField>>(new Set());
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = toInput(draft);
    const fields = refusedFields(couponFormSchema, input, CHECKED_FIELDS);
    setRefused(fields);
    if (fields.size > 0) {
      // The focus goes to the first field refused, which says why (read out with it).
      focusFirstInvalid(event.currentTarget, CHECKED_FIELDS, (field) => fields.has(field));
      return;
    }
    if (editingId === null) create.mutate(input);
    else update.mutate({ id: editingId, coupon: input });
  }
  const set = <K extends keyof CouponDraft>(key: K, value: CouponDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    // A changed field (or, for the amount, a changed kind) is checked again on the next save.
    const cleared = key === 'kind' ? 'amount' : key;
    if (refused.has(cleared as CheckedField))
      setRefused((current) => new Set([...current].filter((field) => field !== cleared)));
  };
  const amountError =
    draft.kind === 'percent'
      ? t('admin-coupons.invalid.percent')
      : t('admin-coupons.invalid.fixed', {
          min: formatMoney(locale, 1, currency),
          max: formatMoney(locale, COUPON_FIXED_MAX_AMOUNT, currency),
        });
  return (
    <Paper withBorder p="md" radius="md">
      <form
        noValidate
        onSubmit={submit}
        aria-label={editingId === null ? t('admin-coupons.new') : t('admin-coupons.edit', { code: initial.code })}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            {editingId === null ? t('admin-coupons.new') : t('admin-coupons.edit', { code: initial.code })}
          </Title>
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              name="code"
              label={t('admin-coupons.code')}
              required
              value={draft.code}
              onChange={(event) => set('code', event.currentTarget.value)}
              error={refused.has('code') ? t('admin-coupons.invalid.code', { max: COUPON_CODE_MAX_LENGTH }) : undefined}
              miw={160}
            />
            <NativeSelect
              label={t('admin-coupons.discount')}
              data={[
                { value: 'percent', label: t('admin-coupons.kind.percent') },
                { value: 'fixed', label: t('admin-coupons.kind.fixed') },
              ]}
              value={draft.kind}
              onChange={(event) => set('kind', event.currentTarget.value as CouponDraft['kind'])}
              miw={140}
            />
            <NumberInput
              name="amount"
              label={draft.kind === 'percent' ? t('admin-coupons.percentOff') : t('admin-coupons.amountOff')}
              required
              min={draft.kind === 'percent' ? 1 : 0.01}
              max={draft.kind === 'percent' ? 100 : undefined}
              decimalScale={draft.kind === 'percent' ? undefined : 2}
              error={refused.has('amount') ? amountError : undefined}
              value={draft.amount}
              onChange={(value) => set('amount', value)}
              miw={120}
            />
          </Group>
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label={t('admin-coupons.lastDay')}
              type="date"
              value={draft.expiresOn}
              onChange={(event) => set('expiresOn', event.currentTarget.value)}
              miw={160}
            />
            <NumberInput
              name="maxUses"
              label={t('admin-coupons.maxUses')}
              min={1}
              error={
                refused.has('maxUses')
                  ? t('admin-coupons.invalid.maxUses', { max: formatNumber(locale, COUPON_MAX_USES) })
                  : undefined
              }
              value={draft.maxUses}
              onChange={(value) => set('maxUses', value)}
              miw={160}
            />
          </Group>
          <Group gap="lg">
            <Checkbox
              label={t('admin-coupons.firstPurchase')}
              checked={draft.firstPurchaseOnly}
              onChange={(event) => set('firstPurchaseOnly', event.currentTarget.checked)}
            />
            <Checkbox
              label={t('admin-coupons.active')}
              checked={draft.active}
              onChange={(event) => set('active', event.currentTarget.checked)}
            />
          </Group>
          {error ? (
            <Alert color="red" title={t('admin-coupons.notSaved')}>
              {errorMessage(error, t('admin-coupons.notSavedFallback'))}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={saving}>
              {t('admin-coupons.save')}
            </Button>
            <Button variant="subtle" onClick={onDone} disabled={saving}>
              {t('admin-coupons.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/**
 * The back office's coupons (decision 0240): every code with its rules, its uses (completed
 * orders), the checkouts holding a use now and its revenue; new codes and edits.
 */
export function CouponsPage() {
  const { t, locale } = useT();
  const describe = (coupon: CouponListItem) =>
    coupon.kind === 'percent'
      ? t('admin-coupons.percentValue', { percent: formatNumber(locale, coupon.amount / 100, { style: 'percent' }) })
      : t('admin-coupons.fixedValue', { amount: formatMoney(locale, coupon.amount, currency) });
  const rules = (coupon: CouponListItem, at: Locale) =>
    [
      coupon.expiresOn ? t('admin-coupons.rule.until', { date: formatDate(at, coupon.expiresOn) }) : null,
      coupon.maxUses !== null ? t('admin-coupons.rule.maxUses', { count: coupon.maxUses }) : null,
      coupon.firstPurchaseOnly ? t('admin-coupons.rule.firstPurchase') : null,
    ]
      .filter(Boolean)
      .join(', ') || t('admin-coupons.rule.none');
  const coupons = useQuery(trpc.adminCoupons.list.queryOptions());
  const config = useQuery(trpc.publicConfig.get.queryOptions());
  const currency = config.data?.currency ?? 'usd';
  const [editing, setEditing] = useState<{ id: number | null; draft: CouponDraft } | null>(null);
  // The form opened takes the focus (its first field), and gives it back to the button that opened
  // it (New coupon, a row's Edit) once it is saved or cancelled, as a dialog does.
  const opener = useRef<RememberedFocus | undefined>(undefined);
  const focusWhenReady = useFocusWhenReady();
  const form = useRef<HTMLDivElement>(null);
  function open(id: number | null, draft: CouponDraft) {
    opener.current = rememberFocus();
    setEditing({ id, draft });
    focusWhenReady(() => form.current?.querySelector<HTMLElement>('input') ?? null);
  }
  function close() {
    setEditing(null);
    returnFocus(opener.current);
  }
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <AdminHeading title={t('admin-coupons.title')} intro={t('admin-coupons.intro')} />
        <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => open(null, EMPTY)}>
          {t('admin-coupons.new')}
        </Button>
      </Group>
      {editing ? (
        <div ref={form}>
          <CouponEditor
            key={editing.id ?? 'new'}
            initial={editing.draft}
            editingId={editing.id}
            currency={currency}
            onDone={close}
          />
        </div>
      ) : null}
      <QueryTable
        query={coupons}
        loadingLabel={t('admin-coupons.loading')}
        skeleton={{ rows: 3, height: 48 }}
        failedTitle={t('admin-coupons.loadFailed')}
        failedText={t('admin-coupons.reload')}
        empty={<Text>{t('admin-coupons.empty')}</Text>}
        label={t('admin-coupons.table')}
        minWidth={720}
        columns={[
          t('admin-coupons.col.code'),
          t('admin-coupons.col.discount'),
          t('admin-coupons.col.rules'),
          t('admin-coupons.col.uses'),
          t('admin-coupons.col.revenue'),
          t('admin-coupons.col.status'),
        ]}
        actions={t('admin-coupons.col.actions')}
        row={(coupon) => (
          <Table.Tr key={coupon.id}>
            <Table.Td ff="monospace">{coupon.code}</Table.Td>
            <Table.Td>{describe(coupon)}</Table.Td>
            <Table.Td>{rules(coupon, locale)}</Table.Td>
            <Table.Td>
              {coupon.reserved > 0
                ? t('admin-coupons.usesReserved', { uses: coupon.uses, reserved: coupon.reserved })
                : coupon.uses}
            </Table.Td>
            <Table.Td>{formatMoney(locale, coupon.revenueCents, currency)}</Table.Td>
            <Table.Td>
              <Badge color={coupon.active && !coupon.expired ? 'green' : 'gray'} variant="light">
                {!coupon.active
                  ? t('admin-coupons.inactive')
                  : coupon.expired
                    ? t('admin-coupons.expired')
                    : t('admin-coupons.active')}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Button
                size="xs"
                variant="light"
                onClick={() => open(coupon.id, draftOf(coupon))}
                aria-label={t('admin-coupons.editLabel', { code: coupon.code })}
              >
                {t('admin-coupons.editButton')}
              </Button>
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
