import { Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import {
  GIFT_MESSAGE_MAX_LENGTH,
  GIFT_SCHEDULE_MAX_DAYS,
  GIFT_SEND_AT_PAST,
  GIFT_SEND_AT_TOO_FAR,
  type RecordedGift,
  recordGiftSchema,
} from '../../../shared/gifts-schemas';
import { GrowingTextarea } from '../../components/growing-textarea';
import { formatMoney } from '../../../shared/i18n/format';
import type { Locale, MessageId } from '../../../shared/i18n/locales';
import { MAX_ORDER_AMOUNT } from '../../../shared/orders-schemas';
import { smallestUnit, useConfiguredPrice } from '../../components/admin/configured-price';
import { notify } from '../../components/notifications';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';

interface GiftValues {
  buyerName: string;
  buyerEmail: string;
  coupleNames: string;
  coupleEmail: string;
  message: string;
  /** A day (yyyy-mm-dd) for the gift email, or empty for now. */
  sendOn: string;
  locale: Locale;
  amount: number | string;
}

/** Each field's own sentence: the shared schema's messages are the API's English. */
const INVALID: Record<string, MessageId> = {
  buyerName: 'gifts.record.invalid.buyerName',
  buyerEmail: 'gifts.record.invalid.buyerEmail',
  coupleNames: 'gifts.record.invalid.coupleNames',
  coupleEmail: 'gifts.record.invalid.coupleEmail',
  message: 'gifts.record.invalid.message',
  amount: 'gifts.record.invalid.amount',
};

/** The procedure's input: the day at 9:00 in the seller's time zone, as the buyer's form sends it; the amount in cents. */
function toInput({ sendOn, amount, ...values }: GiftValues, decimals: number) {
  return {
    ...values,
    sendAt: sendOn ? new Date(`${sendOn}T09:00:00`).toISOString() : null,
    amount: smallestUnit(amount, decimals),
  };
}

/**
 * "Record a gift" (docs/product.md#gifts): a gift paid another way than by card (the /gift page
 * without card payments asks buyers to write), recorded as an order for the amount received. The
 * form lives inside the dialog so each opening starts empty, at the configured price.
 */
export function RecordGiftModal({
  opened,
  onClose,
  onRecorded,
}: {
  opened: boolean;
  onClose: () => void;
  onRecorded: (gift: RecordedGift) => void;
}) {
  const { t } = useT();
  return (
    <Modal opened={opened} onClose={onClose} title={t('gifts.record.title')} centered size="lg">
      <RecordGiftForm onClose={onClose} onRecorded={onRecorded} />
    </Modal>
  );
}

function RecordGiftForm({ onClose, onRecorded }: { onClose: () => void; onRecorded: (gift: RecordedGift) => void }) {
  const { t, locale } = useT();
  const { currency, decimals, price, amountField } = useConfiguredPrice();
  // The shared schema's rule for the day (today or later, within the schedule's days), said in
  // the page's language under the field: the server refused a past day only in a toast.
  const sendOnMessage = (message: unknown) =>
    message === GIFT_SEND_AT_PAST
      ? t('errors.gifts.sendAtPast')
      : message === GIFT_SEND_AT_TOO_FAR
        ? t('errors.gifts.sendAtTooFar', { days: GIFT_SCHEDULE_MAX_DAYS })
        : t('gifts.record.invalid.sendOn');
  const form = useForm<GiftValues>({
    mode: 'uncontrolled',
    initialValues: {
      buyerName: '',
      buyerEmail: '',
      coupleNames: '',
      coupleEmail: '',
      message: '',
      sendOn: '',
      locale,
      amount: price,
    },
    validate: (values) => {
      const errors = schemaResolver(recordGiftSchema, { sync: true })(toInput(values, decimals));
      return Object.fromEntries(
        Object.keys(errors).map((field) => [
          field === 'sendAt' ? 'sendOn' : field,
          field === 'sendAt'
            ? sendOnMessage(errors.sendAt)
            : t(INVALID[field] ?? 'gifts.record.invalid.sendOn', {
                max: field === 'amount' ? formatMoney(locale, MAX_ORDER_AMOUNT, currency) : GIFT_MESSAGE_MAX_LENGTH,
              }),
        ]),
      );
    },
  });
  const record = useMutation(
    trpc.adminGifts.record.mutationOptions({
      onSuccess: (gift, input) => {
        notify.success(
          t('gifts.record.recorded'),
          t('gifts.record.recordedText', { couple: input.coupleEmail, buyer: input.buyerEmail }),
        );
        onRecorded(gift);
      },
      onError: (error) => notify.error(t('gifts.record.failed'), errorMessage(error, t('admin.tryAgain'))),
    }),
  );

  return (
    <form noValidate onSubmit={form.onSubmit((values) => record.mutate(toInput(values, decimals)))}>
      <Stack gap="sm">
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={t('gifts.record.buyerName')}
            required
            key={form.key('buyerName')}
            {...form.getInputProps('buyerName')}
          />
          <TextInput
            label={t('gifts.record.buyerEmail')}
            type="email"
            required
            key={form.key('buyerEmail')}
            {...form.getInputProps('buyerEmail')}
          />
        </Group>
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={t('gifts.record.coupleNames')}
            required
            key={form.key('coupleNames')}
            {...form.getInputProps('coupleNames')}
          />
          <TextInput
            label={t('gifts.record.coupleEmail')}
            type="email"
            required
            key={form.key('coupleEmail')}
            {...form.getInputProps('coupleEmail')}
          />
        </Group>
        <GrowingTextarea
          label={t('gifts.record.message')}
          minRows={2}
          maxRows={6}
          key={form.key('message')}
          {...form.getInputProps('message')}
        />
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={t('gifts.record.sendOn')}
            description={t('gifts.record.sendOnHelp')}
            type="date"
            key={form.key('sendOn')}
            {...form.getInputProps('sendOn')}
          />
          <Select
            label={t('gifts.record.locale')}
            data={[
              { value: 'en', label: 'English' },
              { value: 'es', label: 'Español' },
            ]}
            allowDeselect={false}
            key={form.key('locale')}
            {...form.getInputProps('locale')}
          />
        </Group>
        <NumberInput {...amountField} key={form.key('amount')} {...form.getInputProps('amount')} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" loading={record.isPending}>
            {t('gifts.record.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
