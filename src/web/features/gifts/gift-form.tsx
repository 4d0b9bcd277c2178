import {
  Alert,
  Button,
  Container,
  Group,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconGift, IconLock } from '@tabler/icons-react';
import { type FormErrors, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { GrowingTextarea } from '../../components/growing-textarea';
import type { PriceQuote } from '../../../shared/coupons-schemas';
import { GIFT_MESSAGE_MAX_LENGTH, startGiftCheckoutSchema } from '../../../shared/gifts-schemas';
import { formatMoney, formatNumber } from '../../../shared/i18n/format';
import type { MessageId } from '../../../shared/i18n/locales';
import { CouponField } from '../../components/coupon-field';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/api-error';
import { focusFirstFormError } from '../../lib/focus';
import { trpc } from '../../trpc';

/** Where the browser goes to pay; replaced in tests (jsdom cannot navigate away). */
export const giftNavigation = {
  go: (url: string) => window.location.assign(url),
};

interface GiftValues {
  buyerName: string;
  buyerEmail: string;
  coupleNames: string;
  coupleEmail: string;
  message: string;
  when: 'now' | 'date';
  date: string;
}

const EMPTY: GiftValues = {
  buyerName: '',
  buyerEmail: '',
  coupleNames: '',
  coupleEmail: '',
  message: '',
  when: 'now',
  date: '',
};

type GiftField = keyof GiftValues;

/** The fields in the order the form shows them: the first with an error gets the focus. */
const FIELD_ORDER: GiftField[] = ['buyerName', 'buyerEmail', 'coupleNames', 'coupleEmail', 'message', 'date'];

/** What a missing field says, in the buyer's words rather than the schema's field names. */
const REQUIRED: Partial<Record<keyof GiftValues, MessageId>> = {
  buyerName: 'gifts.form.error.buyerName',
  buyerEmail: 'gifts.form.error.buyerEmail',
  coupleNames: 'gifts.form.error.coupleNames',
  coupleEmail: 'gifts.form.error.coupleEmail',
};

function fieldMessage(field: GiftField, message: string): MessageId {
  const required = REQUIRED[field];
  if (required && /is required/.test(message)) return required;
  if (field === 'buyerEmail' || field === 'coupleEmail') return 'gifts.form.error.email';
  return 'gifts.form.error.message';
}

/** The form's field a schema issue is about: the same name, but the day the gift goes (`sendAt`) is `date`. */
const fieldOf = (path: PropertyKey | undefined): GiftField | undefined =>
  path === 'sendAt' ? 'date' : FIELD_ORDER.find((field) => field === path);

function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The chosen day at 9:00 in the buyer's own time zone, as the server's ISO date-time (null: now, or no day yet). */
function sendAtOf(values: GiftValues): string | null {
  if (values.when === 'now' || !values.date) return null;
  const at = new Date(`${values.date}T09:00:00`);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/**
 * `/gift` (decision 0242): the buyer gives the course to a couple: their own name and email (for
 * the receipt), the couple's names and one email, a message, and now or on a date; a coupon code
 * applies as on checkout. Continue opens Stripe's payment page (or, for a 100 % code, the receipt).
 */
export function GiftForm({ priceCents, currency }: { priceCents: number; currency: string }) {
  const { t, locale } = useT();
  const [quote, setQuote] = useState<PriceQuote | null>(null);
  const start = useMutation(
    trpc.payments.startGiftCheckout.mutationOptions({ onSuccess: ({ url }) => giftNavigation.go(url) }),
  );
  const busy = start.isPending || start.isSuccess;

  const inputOf = (values: GiftValues) => ({
    buyerName: values.buyerName,
    buyerEmail: values.buyerEmail,
    coupleNames: values.coupleNames,
    coupleEmail: values.coupleEmail,
    message: values.message,
    sendAt: sendAtOf(values),
    ...(quote ? { couponCode: quote.couponCode } : {}),
    locale,
  });

  /** The server's rules (the shared schema), each field's message in the buyer's words, in form order. */
  const validate = (values: GiftValues): FormErrors => {
    const found: Partial<Record<GiftField, string>> = {};
    const parsed = startGiftCheckoutSchema.safeParse(inputOf(values));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = fieldOf(issue.path[0]);
        if (field && !found[field])
          found[field] = t(fieldMessage(field, issue.message), { max: GIFT_MESSAGE_MAX_LENGTH });
      }
    }
    if (values.when === 'date' && sendAtOf(values) === null) found.date = t('gifts.form.error.date');
    return Object.fromEntries(FIELD_ORDER.filter((field) => found[field]).map((field) => [field, found[field]]));
  };

  const form = useForm<GiftValues>({ mode: 'controlled', initialValues: EMPTY, validate });
  const values = form.values;
  const price = formatMoney(locale, quote ? quote.totalCents : priceCents, currency);

  // On a phone the first missing field is often far above the button: it gets the focus (and so
  // comes into view), where its message is read out (Mantine's getInputNode).
  const submit = form.onSubmit((submitted) => start.mutate(inputOf(submitted)), focusFirstFormError(form, FIELD_ORDER));

  return (
    <Container size="sm" py={{ base: 40, sm: 72 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <form onSubmit={submit} noValidate aria-label={t('gifts.form.label')}>
          <Stack gap="md">
            <Group gap="xs">
              <IconGift size={28} aria-hidden="true" />
              <Title order={1}>{t('gifts.form.title')}</Title>
            </Group>
            <Text>{t('gifts.form.intro')}</Text>
            <Title order={2} size="h4">
              {t('gifts.form.fromYou')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={t('gifts.form.buyerName')}
                required
                autoComplete="name"
                {...form.getInputProps('buyerName')}
                miw={180}
              />
              <TextInput
                label={t('gifts.form.buyerEmail')}
                type="email"
                required
                autoComplete="email"
                {...form.getInputProps('buyerEmail')}
                miw={180}
              />
            </SimpleGrid>
            <Title order={2} size="h4">
              {t('gifts.form.forCouple')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={t('gifts.form.coupleNames')}
                description={t('gifts.form.coupleNamesHint')}
                required
                {...form.getInputProps('coupleNames')}
                miw={180}
              />
              <TextInput
                label={t('gifts.form.coupleEmail')}
                description={t('gifts.form.coupleEmailHint')}
                type="email"
                required
                {...form.getInputProps('coupleEmail')}
                miw={180}
              />
            </SimpleGrid>
            <GrowingTextarea
              label={t('gifts.form.message')}
              minRows={3}
              maxLength={GIFT_MESSAGE_MAX_LENGTH}
              {...form.getInputProps('message')}
              description={`${formatNumber(locale, values.message.length)} / ${formatNumber(locale, GIFT_MESSAGE_MAX_LENGTH)}`}
            />
            <Radio.Group label={t('gifts.form.when')} {...form.getInputProps('when')}>
              <Group gap="lg" mt={6}>
                <Radio value="now" label={t('gifts.form.now')} />
                <Radio value="date" label={t('gifts.form.onDate')} />
              </Group>
            </Radio.Group>
            {values.when === 'date' ? (
              <TextInput
                label={t('gifts.form.sendOn')}
                type="date"
                required
                min={today()}
                {...form.getInputProps('date')}
                maw={220}
              />
            ) : null}
            <CouponField email={values.buyerEmail} onChange={setQuote} disabled={busy} />
            <Text fw={600}>{t('gifts.form.price', { price })}</Text>
            {start.isError ? (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertCircle aria-hidden="true" />}
                title={t('gifts.form.notStarted')}
              >
                {errorMessage(start.error, t('gifts.form.notStartedFallback'))}
              </Alert>
            ) : null}
            <Group>
              <Button type="submit" size="md" loading={busy} leftSection={<IconLock size={18} aria-hidden="true" />}>
                {quote?.totalCents === 0 ? t('gifts.form.giveFree') : t('gifts.form.pay', { price })}
              </Button>
            </Group>
            <Text size="sm" c="dimmed">
              {t('gifts.form.stripeNote')}
            </Text>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
