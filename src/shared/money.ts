import { DEFAULT_CURRENCY, PRICE_CENTS } from './constants';

/**
 * Money for the pages (docs/product.md#card-payments): an amount in the currency's smallest unit,
 * as Stripe and the orders table keep it (cents for usd and eur, yen for jpy), shown in its
 * currency with that currency's own decimals: 4900 usd -> "$49.00", 4900 jpy -> "¥4,900".
 * Free of zod, so the landing page's bundle can use it.
 */
export function formatMoney(
  minorUnits: number,
  currency: string,
  options: { locale?: string; dropZeroDecimals?: boolean } = {},
): string {
  const code = currency.toUpperCase();
  try {
    const decimals = minorUnitDecimals(code);
    const major = minorUnits / 10 ** decimals;
    const whole = options.dropZeroDecimals === true && Number.isInteger(major);
    return new Intl.NumberFormat(options.locale ?? 'en-US', {
      style: 'currency',
      currency: code,
      ...(whole && { minimumFractionDigits: 0, maximumFractionDigits: 0 }),
    }).format(major);
  } catch {
    // Not a currency this runtime knows: the amount with two decimals and the code.
    return `${(minorUnits / 100).toFixed(2)} ${code}`;
  }
}

/**
 * An amount in the currency's smallest unit as a plain decimal in its major unit, which
 * spreadsheets read as a number: 4900 usd -> "49.00", 4900 jpy -> "4900". Two decimals for a code
 * this runtime does not know, as formatMoney shows it.
 */
export function decimalAmount(minorUnits: number, currency: string): string {
  const decimals = currencyDecimals(currency);
  const sign = minorUnits < 0 ? '-' : '';
  const units = Math.abs(minorUnits);
  if (decimals === 0) return `${sign}${units}`;
  const scale = 10 ** decimals;
  return `${sign}${Math.floor(units / scale)}.${String(units % scale).padStart(decimals, '0')}`;
}

/** How many decimals the currency has: 2 for usd, 0 for jpy, 2 for a code this runtime does not know. */
export function currencyDecimals(currency: string): number {
  try {
    return minorUnitDecimals(currency.toUpperCase());
  } catch {
    return 2;
  }
}

/** How many decimals the currency has (2 for usd, 0 for jpy); throws for a code Intl does not know. */
function minorUnitDecimals(code: string): number {
  return (
    new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

export interface AdvertisedPrice {
  price: string;
  perWeek: string;
}

/**
 * The course's price as the landing page and the trial notice advertise it
 * (docs/product.md#what-the-product-does): "$49" and "less than $1 a week" for the default 4900 usd,
 * from the configured PRICE_CENTS and CURRENCY otherwise.
 */
export function advertisedPrice(minorUnits: number, currency: string): AdvertisedPrice {
  const price = formatMoney(minorUnits, currency, { dropZeroDecimals: true });
  const unit = 10 ** currencyDecimals(currency);
  const weekly = minorUnits / 52;
  const bound = Math.max(1, Math.ceil(weekly / unit)) * unit;
  const boundText = formatMoney(bound, currency, { dropZeroDecimals: true });
  return { price, perWeek: bound === weekly ? `${boundText} a week` : `less than ${boundText} a week` };
}

/**
 * The build prerenders the pages with the default price (4900 usd); the server swaps in the
 * configured one's texts (the public config's `advertisedPrice`) when it reads them at startup
 * (http/pages.ts), the exact texts the app renders, so `/` hydrates without a mismatch and shows
 * the price it will charge.
 */
export function withAdvertisedPrice(
  html: string,
  after: AdvertisedPrice,
  before = advertisedPrice(PRICE_CENTS, DEFAULT_CURRENCY),
): string {
  if (before.price === after.price && before.perWeek === after.perWeek) return html;
  // The longer texts first: the per-week phrases hold a price of their own.
  const swaps: [string, string][] = [
    [capitalized(before.perWeek), capitalized(after.perWeek)],
    [before.perWeek, after.perWeek],
    [before.price, after.price],
  ];
  return swaps.reduce((text, [from, to]) => text.split(escapeText(from)).join(escapeText(to)), html);
}

/** The text with its first letter upper-case: "Less than $1 a week" on the pricing card. */
export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** As React writes text into HTML. */
function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
