/**
 * An optional query-string value read as text. The router decodes `?firstName=123` to the number
 * 123 and `?x=true` to a boolean; both are turned back into the exact text of the URL. Anything
 * else (a repeated key, a JSON object) counts as missing instead of failing the page.
 * Plain code rather than zod: route definitions ship in the entry chunk, which must stay small.
 */
export function optionalSearchText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** Picks the named keys from the router's raw search object as optional texts. */
export function searchTexts<K extends string>(
  search: Record<string, unknown>,
  keys: readonly K[],
): { [P in K]?: string } {
  const result: { [P in K]?: string } = {};
  for (const key of keys) {
    const value = optionalSearchText(search[key]);
    if (value !== undefined) result[key] = value;
  }
  return result;
}
