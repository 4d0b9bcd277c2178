import { Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { NAME_MAX_LENGTH, PRICE_CENTS } from '../../../shared/constants';
import { formatMoney } from '../../../shared/i18n/format';
import type { MessageId } from '../../../shared/i18n/locales';
import { recordOrderSchema } from '../../../shared/admin-schemas';
import { MAX_ORDER_AMOUNT } from '../../../shared/orders-schemas';
import { smallestUnit, useConfiguredPrice } from '../../components/admin/configured-price';
import { notify } from '../../components/notifications';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/api-error';
import { type RouterOutputs, trpc } from '../../trpc';

type RecordedOrder = RouterOutputs['adminOrders']['record'];

interface RecordValues {
  email: string;
  firstName: string;
  lastName: string;
  amount: number;
  status: 'completed' | 'pending';
  username: string;
}

const INITIAL: RecordValues = {
  email: '',
  firstName: '',
  lastName: '',
  amount: PRICE_CENTS,
  status: 'completed',
  username: '',
};

/**
 * "Record an order" (docs/product.md#back-office-orders-and-couples): the fields of
 * `npm run order:create`, checked with the same shared schema as the procedure. A completed order's
 * code is emailed; only a brand-new account's without mail reaches `onRecorded`, shown once (0369).
 */
export function RecordOrderModal({
  opened,
  onClose,
  onRecorded,
}: {
  opened: boolean;
  onClose: () => void;
  onRecorded: (order: RecordedOrder) => void;
}) {
  // The amount starts at the configured price (PRICE_CENTS in CURRENCY), as `order:create` does.
  const { currency, decimals, price, amountField } = useConfiguredPrice();
  const { t, locale } = useT();
  const form = useForm<RecordValues>({
    mode: 'uncontrolled',
    initialValues: { ...INITIAL, amount: price },
    // The shared schema's messages are the API's English; the form says each field's own sentence.
    validate: (values) => {
      const errors = schemaResolver(recordOrderSchema, { sync: true })(toInput(values, decimals));
      return Object.fromEntries(
        Object.keys(errors).map((field) => [
          field,
          t(`admin.recordOrder.invalid.${field}` as MessageId, {
            max: field === 'amount' ? formatMoney(locale, MAX_ORDER_AMOUNT, currency) : NAME_MAX_LENGTH,
          }),
        ]),
      );
    },
  });
  // When the configured price arrives after the form was made, it replaces the default, unless the
  // admin has typed another amount already.
  const shownPrice = useRef(price);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the configured price changes
  useEffect(() => {
    form.setInitialValues({ ...INITIAL, amount: price });
    if (Number(form.getValues().amount) === shownPrice.current) form.setFieldValue('amount', price);
    shownPrice.current = price;
  }, [price]);
  const record = useMutation(
    trpc.adminOrders.record.mutationOptions({
      onSuccess: (order) => {
        notify.success(
          t('admin.recordOrder.recorded.title'),
          order.sentTo
            ? t('admin.recordOrder.recorded.sent', { email: order.sentTo })
            : t(
                order.accessCode
                  ? 'admin.recordOrder.recorded.code'
                  : order.status === 'completed'
                    ? 'admin.recordOrder.recorded.codeKept'
                    : 'admin.recordOrder.recorded.pending',
              ),
        );
        form.reset();
        onRecorded(order);
      },
      onError: (error) => notify.error(t('admin.recordOrder.failed'), errorMessage(error, t('admin.tryAgain'))),
    }),
  );

  return (
    <Modal opened={opened} onClose={onClose} title={t('admin.recordOrder.title')} centered>
      <form noValidate onSubmit={form.onSubmit((values) => record.mutate(toInput(values, decimals)))}>
        <Stack gap="sm">
          <TextInput
            label={t('admin.recordOrder.email')}
            type="email"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label={t('admin.recordOrder.firstName')}
              required
              key={form.key('firstName')}
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label={t('admin.recordOrder.lastName')}
              required
              key={form.key('lastName')}
              {...form.getInputProps('lastName')}
            />
          </Group>
          <Group grow align="flex-start" wrap="wrap">
            <NumberInput {...amountField} key={form.key('amount')} {...form.getInputProps('amount')} />
            <Select
              label={t('admin.recordOrder.status')}
              data={[
                { value: 'completed', label: t('admin.recordOrder.completed') },
                { value: 'pending', label: t('admin.recordOrder.pending') },
              ]}
              allowDeselect={false}
              key={form.key('status')}
              {...form.getInputProps('status')}
            />
          </Group>
          <TextInput
            label={t('admin.recordOrder.username')}
            description={t('admin.recordOrder.usernameHelp')}
            key={form.key('username')}
            {...form.getInputProps('username')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('admin.cancel')}
            </Button>
            <Button type="submit" loading={record.isPending}>
              {t('admin.recordOrder.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The form's values as the procedure takes them: the amount in the currency's smallest unit. */
function toInput({ username, amount, ...values }: RecordValues, decimals: number) {
  return {
    ...values,
    amount: smallestUnit(amount, decimals),
    ...(username.trim() ? { username: username.trim() } : {}),
  };
}
