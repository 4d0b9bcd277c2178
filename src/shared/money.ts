/**
 * Money for the pages (docs/product.md#card-payments): an amount in the currency's smallest unit,
 * as Stripe and the orders table keep it (cents for usd and eur, yen for jpy), shown in its
 * currency with that currency's own decimals: 4900 usd -> "$49.00", 4900 jpy -> "¥4,900".
 * Free of zod, so the landing page's bundle can use it.
 */
export function formatMoney(minorUnits: number, currency: string, locale = 'en-US'): string {
  const code = currency.toUpperCase();
  try {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency: code });
    const decimals = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(minorUnits / 10 ** decimals);
  } catch {
    // Not a currency this runtime knows: the amount with two decimals and the code.
    return `${(minorUnits / 100).toFixed(2)} ${code}`;
  }
}
