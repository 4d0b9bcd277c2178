import { Button, Group, Text, TextInput } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { normalizeCouponCode } from '../../shared/coupon-rules';
import type { PriceQuote } from '../../shared/coupons-schemas';
import { formatMoney } from '../../shared/i18n/format';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/api-error';
import { trpcClient } from '../trpc';
import { rememberFocus, returnFocus } from '../lib/focus';

interface CouponFieldProps {
  /** The buyer's email, so a first-purchase code is checked before checkout. */
  email?: string;
  /** A code to apply at once (the checkout's cancel URL brings it back). */
  initialCode?: string;
  /** The applied quote, or null when no code applies: one code at most, codes never stack. */
  onChange: (quote: PriceQuote | null) => void;
  disabled?: boolean;
}

/**
 * "Coupon code" with Apply (decision 0240): the server quotes the new price, shown here before
 * checkout; an unknown, expired, used-up or inactive code shows the server's reason under the
 * field, in the page's language (api-error.ts), until the field is edited. An applied code is read
 * only; Remove goes back to the full price and an empty field for another code.
 */
export function CouponField({ email, initialCode, onChange, disabled }: CouponFieldProps) {
  const { t, locale } = useT();
  const [code, setCode] = useState(initialCode ?? '');
  const [applied, setApplied] = useState<PriceQuote | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  // Apply is disabled while the server answers, then replaced by Remove (applied) or kept (refused),
  // and the browser dropped the focus to the page's body: an applied code puts it on Remove, after
  // the new price's status line; a refused one in the field, whose message is then read out.
  const quote = useMutation({
    mutationFn: (couponCode: string) => trpcClient.payments.quote.query({ couponCode, ...(email ? { email } : {}) }),
    onMutate: rememberFocus,
    onSuccess: (answer, _code, remembered) => {
      setApplied(answer);
      onChange(answer);
      returnFocus(remembered, () => removeButton.current);
    },
    onError: (_error, _code, remembered) => {
      setApplied(null);
      onChange(null);
      returnFocus(remembered, () => field.current);
    },
  });
  // A code brought back in the address is applied once, when the field first shows.
  const appliedInitial = useRef(false);
  const { mutate } = quote;
  useEffect(() => {
    const initial = normalizeCouponCode(initialCode ?? '');
    if (appliedInitial.current || !initial) return;
    appliedInitial.current = true;
    mutate(initial);
  }, [initialCode, mutate]);

  // A code pasted with spaces ("spring 20") is sent, and shown, as the code it is ("spring20").
  function apply() {
    const normalized = normalizeCouponCode(code);
    if (!normalized) return;
    setCode(normalized);
    quote.mutate(normalized);
  }

  function remove() {
    setApplied(null);
    setCode('');
    quote.reset();
    onChange(null);
  }

  return (
    <div>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          ref={field}
          label={t('gifts.coupon.label')}
          name="couponCode"
          autoComplete="off"
          value={code}
          disabled={disabled}
          // The applied code stays as it is until Remove: edited, the field showed one code while
          // "Code X applied" and the price said another.
          readOnly={applied !== null}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            // A refusal is about the code sent: cleared or edited, the field no longer says it.
            if (quote.isError) quote.reset();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
          }}
          error={quote.isError ? errorMessage(quote.error, t('gifts.coupon.checkFailed')) : null}
          leftSection={<IconTicket size={16} aria-hidden="true" />}
          style={{ flex: 1 }}
        />
        {applied ? (
          <Button ref={removeButton} variant="default" onClick={remove} disabled={disabled}>
            {t('gifts.coupon.remove')}
          </Button>
        ) : (
          <Button
            variant="light"
            onClick={apply}
            loading={quote.isPending}
            disabled={disabled || !normalizeCouponCode(code)}
          >
            {t('gifts.coupon.apply')}
          </Button>
        )}
      </Group>
      {applied ? (
        <Text size="sm" mt={6} role="status">
          {t('gifts.coupon.applied', {
            code: applied.couponCode,
            total: formatMoney(locale, applied.totalCents, applied.currency),
            price: formatMoney(locale, applied.priceCents, applied.currency),
          })}
        </Text>
      ) : null}
    </div>
  );
}
