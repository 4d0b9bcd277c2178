/** Cents as dollars: 4900 -> "$49.00". */
export function formatAmount(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** An ISO time as a short date and time in the viewer's locale. */
export function formatDate(iso: string | null): string {
  if (!iso) return 'Never';
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
