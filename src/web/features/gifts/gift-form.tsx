import { Alert, Button, Container, Group, Paper, Radio, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconGift, IconLock } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { PriceQuote } from '../../../shared/coupons-schemas';
import { GIFT_MESSAGE_MAX_LENGTH, startGiftCheckoutSchema } from '../../../shared/gifts-schemas';
import { formatMoney } from '../../../shared/money';
import { CouponField } from '../../components/coupon-field';
import { errorMessage } from '../../lib/api-error';
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

type FieldErrors = Partial<Record<keyof GiftValues, string>>;

/** What a missing field says, in the buyer's words rather than the schema's field names. */
const REQUIRED: Partial<Record<keyof GiftValues, string>> = {
  buyerName: 'Please enter your name.',
  buyerEmail: 'Please enter your email.',
  coupleNames: 'Please enter the couple\u2019s names.',
  coupleEmail: 'Please enter the couple\u2019s email.',
};

function fieldMessage(field: keyof GiftValues, message: string): string {
  if (/is required/.test(message)) return REQUIRED[field] ?? message;
  if (field === 'buyerEmail' || field === 'coupleEmail') return 'Please enter a valid email address.';
  return message;
}

const FIELD_LABELS: Record<string, keyof GiftValues> = {
  buyerName: 'buyerName',
  buyerEmail: 'buyerEmail',
  coupleNames: 'coupleNames',
  coupleEmail: 'coupleEmail',
  message: 'message',
  sendAt: 'date',
};

function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The chosen day at 9:00 in the buyer's own time zone, as the server's ISO date-time. */
function sendAtOf(values: GiftValues): string | null {
  if (values.when === 'now') return null;
  return new Date(`${values.date}T09:00:00`).toISOString();
}

/**
 * `/gift` (decision 0242): the buyer gives the course to a couple: their own name and email (for
 * the receipt), the couple's names and one email, a message, and now or on a date; a coupon code
 * applies as on checkout. Continue opens Stripe's payment page (or, for a 100 % code, the receipt).
 */
export function GiftForm({ priceCents, currency }: { priceCents: number; currency: string }) {
  const [values, setValues] = useState<GiftValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [quote, setQuote] = useState<PriceQuote | null>(null);
  const start = useMutation(
    trpc.payments.startGiftCheckout.mutationOptions({ onSuccess: ({ url }) => giftNavigation.go(url) }),
  );
  const busy = start.isPending || start.isSuccess;
  const price = formatMoney(quote ? quote.totalCents : priceCents, currency);

  function update<K extends keyof GiftValues>(field: K, value: GiftValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (values.when === 'date' && !values.date) {
      setErrors({ date: 'Choose the day the couple should get the gift.' });
      return;
    }
    const input = {
      buyerName: values.buyerName,
      buyerEmail: values.buyerEmail,
      coupleNames: values.coupleNames,
      coupleEmail: values.coupleEmail,
      message: values.message,
      sendAt: sendAtOf(values),
      ...(quote ? { couponCode: quote.couponCode } : {}),
    };
    const parsed = startGiftCheckoutSchema.safeParse(input);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = FIELD_LABELS[String(issue.path[0])];
        if (field && !found[field]) found[field] = fieldMessage(field, issue.message);
      }
      setErrors(found);
      return;
    }
    start.mutate(input);
  }

  return (
    <Container size="sm" py={{ base: 40, sm: 72 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <form onSubmit={submit} noValidate aria-label="Give the course as a gift">
          <Stack gap="md">
            <Group gap="xs">
              <IconGift size={28} aria-hidden="true" />
              <Title order={1}>Give it as a gift</Title>
            </Group>
            <Text>
              A year of weekly conversations for an engaged couple. You pay; they get an email with your message and a
              link to open their own private course. You never see their answers.
            </Text>
            <Title order={2} size="h4">
              From you
            </Title>
            <Group grow gap="sm" align="flex-start" wrap="wrap">
              <TextInput
                label="Your name"
                required
                autoComplete="name"
                value={values.buyerName}
                error={errors.buyerName}
                onChange={(event) => update('buyerName', event.currentTarget.value)}
                miw={180}
              />
              <TextInput
                label="Your email (for the receipt)"
                type="email"
                required
                autoComplete="email"
                value={values.buyerEmail}
                error={errors.buyerEmail}
                onChange={(event) => update('buyerEmail', event.currentTarget.value)}
                miw={180}
              />
            </Group>
            <Title order={2} size="h4">
              For the couple
            </Title>
            <Group grow gap="sm" align="flex-start" wrap="wrap">
              <TextInput
                label="Their names"
                description="As you would write them on a card, e.g. Ana & Luis"
                required
                value={values.coupleNames}
                error={errors.coupleNames}
                onChange={(event) => update('coupleNames', event.currentTarget.value)}
                miw={180}
              />
              <TextInput
                label="Their email"
                description="One email; their course and personal code go here"
                type="email"
                required
                value={values.coupleEmail}
                error={errors.coupleEmail}
                onChange={(event) => update('coupleEmail', event.currentTarget.value)}
                miw={180}
              />
            </Group>
            <Textarea
              label="Your message"
              autosize
              minRows={3}
              maxLength={GIFT_MESSAGE_MAX_LENGTH}
              value={values.message}
              error={errors.message}
              onChange={(event) => update('message', event.currentTarget.value)}
              description={`${values.message.length} / ${GIFT_MESSAGE_MAX_LENGTH}`}
            />
            <Radio.Group
              label="When should they get it?"
              value={values.when}
              onChange={(value) => update('when', value as GiftValues['when'])}
            >
              <Group gap="lg" mt={6}>
                <Radio value="now" label="Right away" />
                <Radio value="date" label="On a date (the engagement party, the shower)" />
              </Group>
            </Radio.Group>
            {values.when === 'date' ? (
              <TextInput
                label="Send on"
                type="date"
                required
                min={today()}
                value={values.date}
                error={errors.date}
                onChange={(event) => update('date', event.currentTarget.value)}
                maw={220}
              />
            ) : null}
            <CouponField email={values.buyerEmail} onChange={setQuote} disabled={busy} />
            <Text fw={600}>Price: {price}</Text>
            {start.isError ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} title="Gift not started">
                {errorMessage(start.error, 'The payment page could not be opened. Please try again.')}
              </Alert>
            ) : null}
            <Group>
              <Button type="submit" size="md" loading={busy} leftSection={<IconLock size={18} aria-hidden="true" />}>
                {quote?.totalCents === 0 ? 'Give the gift' : `Pay ${price} and give`}
              </Button>
            </Group>
            <Text size="sm" c="dimmed">
              You will pay by card on Stripe's page; this site never sees your card.
            </Text>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
