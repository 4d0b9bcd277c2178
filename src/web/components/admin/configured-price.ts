import { useQuery } from '@tanstack/react-query';
import { DEFAULT_CURRENCY, PRICE_CENTS } from '../../../shared/constants';
import { formatMoney } from '../../../shared/i18n/format';
import { currencyDecimals } from '../../../shared/money';
import { MAX_ORDER_AMOUNT } from '../../../shared/orders-schemas';
import { useT } from '../../i18n/use-t';
import { embeddedPublicConfig } from '../../public-config';
import { trpc } from '../../trpc';

/**
 * The configured price (PRICE_CENTS in CURRENCY) for the back office's "Record an order", "Record a
 * gift" and a seat pack's grant: the seller types an amount as a price is written (49.00, or 4900
 * for yen), and the server keeps it in the currency's smallest unit, as Stripe does.
 */
export function useConfiguredPrice() {
  const config = useQuery({ ...trpc.publicConfig.get.queryOptions(), initialData: embeddedPublicConfig() });
  const priceCents = config.data?.priceCents ?? PRICE_CENTS;
  const currency = config.data?.currency ?? DEFAULT_CURRENCY;
  const decimals = currencyDecimals(currency);
  const { t, locale } = useT();
  /** The amount field's props: labelled with the currency, the price beside it, at most MAX_ORDER_AMOUNT. */
  const amountField = {
    label: t('admin.recordOrder.amount', { currency: currency.toUpperCase() }),
    description: t('admin.recordOrder.price', { price: formatMoney(locale, priceCents, currency) }),
    min: 0,
    max: MAX_ORDER_AMOUNT / 10 ** decimals,
    decimalScale: decimals,
    fixedDecimalScale: true,
  };
  return { priceCents, currency, decimals, price: priceCents / 10 ** decimals, amountField };
}

/** An amount typed as a price is written (49.00), in the currency's smallest unit (4900). */
export function smallestUnit(amount: number | string, decimals: number): number {
  return Math.round(Number(amount) * 10 ** decimals);
}
