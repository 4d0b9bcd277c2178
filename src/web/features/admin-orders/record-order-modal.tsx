import { Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { DEFAULT_CURRENCY, PRICE_CENTS } from '../../../shared/constants';
import { recordOrderSchema } from '../../../shared/admin-schemas';
import { MAX_ORDER_AMOUNT } from '../../../shared/orders-schemas';
import { currencyDecimals, formatMoney } from '../../../shared/money';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { embeddedPublicConfig } from '../../public-config';
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
 * `npm run order:create`, checked with the same shared schema as the procedure. A completed order
 * hands its new code to `onRecorded`, which shows it once.
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
  const config = useQuery({ ...trpc.publicConfig.get.queryOptions(), initialData: embeddedPublicConfig() });
  const priceCents = config.data?.priceCents ?? PRICE_CENTS;
  const currency = config.data?.currency ?? DEFAULT_CURRENCY;
  // The seller types the amount as a price is written (49.00, or 4900 for yen); the order keeps it
  // in the currency's smallest unit, as Stripe does.
  const decimals = currencyDecimals(currency);
  const price = priceCents / 10 ** decimals;
  const form = useForm<RecordValues>({
    mode: 'uncontrolled',
    initialValues: { ...INITIAL, amount: price },
    validate: (values) => schemaResolver(recordOrderSchema, { sync: true })(toInput(values, decimals)),
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
        notify.success('Order Recorded', order.accessCode ? 'Copy the access code now.' : 'The order is pending.');
        form.reset();
        onRecorded(order);
      },
      onError: (error) => notify.error('Could Not Record the Order', errorMessage(error, 'Please try again.')),
    }),
  );

  return (
    <Modal opened={opened} onClose={onClose} title="Record an order" centered>
      <form noValidate onSubmit={form.onSubmit((values) => record.mutate(toInput(values, decimals)))}>
        <Stack gap="sm">
          <TextInput
            label="Buyer's email"
            type="email"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Group grow align="flex-start" wrap="wrap">
            <TextInput label="First name" required key={form.key('firstName')} {...form.getInputProps('firstName')} />
            <TextInput label="Last name" required key={form.key('lastName')} {...form.getInputProps('lastName')} />
          </Group>
          <Group grow align="flex-start" wrap="wrap">
            <NumberInput
              label={`Amount (${currency.toUpperCase()})`}
              description={`The price is ${formatMoney(priceCents, currency)}`}
              min={0}
              max={MAX_ORDER_AMOUNT / 10 ** decimals}
              decimalScale={decimals}
              fixedDecimalScale
              allowNegative={false}
              key={form.key('amount')}
              {...form.getInputProps('amount')}
            />
            <Select
              label="Status"
              data={[
                { value: 'completed', label: 'Completed (paid)' },
                { value: 'pending', label: 'Pending (not paid yet)' },
              ]}
              allowDeselect={false}
              key={form.key('status')}
              {...form.getInputProps('status')}
            />
          </Group>
          <TextInput
            label="Username (optional)"
            description="Only for a couple who registered with a username and password"
            key={form.key('username')}
            {...form.getInputProps('username')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={record.isPending}>
              Record order
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The form's values as the procedure takes them: the amount in the currency's smallest unit. */
function toInput(values: RecordValues, decimals: number) {
  const username = values.username.trim();
  return {
    email: values.email,
    firstName: values.firstName,
    lastName: values.lastName,
    amount: Math.round(Number(values.amount) * 10 ** decimals),
    status: values.status,
    ...(username ? { username } : {}),
  };
}
