/**
 * An integer as en-US writes it, with thousands separators (10000 -> "10,000"), without Intl.
 * The shared schemas build their messages ("at most 10,000 characters") when their module is
 * evaluated, and a page's first `toLocaleString` sets up the browser's number formatting: 10-30 ms
 * in one task, on every page that loads the schemas (decision 0182). Other numbers go to Intl.
 */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('en-US');
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
