/**
 * Where a sign-in or a new account returns to: the `next` search value of /customer-login, /login
 * and /register (a facilitator's seat link opened while signed out: `/mentor`, its code kept in the tab, decision
 * 0367; `/mentor?code=...` from pages opened before). Only a path
 * of this site is followed, never another site's address (an open redirect): it must start with one
 * `/` (`//evil.example` and `/\evil.example` are other sites to a browser), hold no backslash or
 * control character, and stay on the page's origin. Anything else counts as missing: the sign-in
 * then goes to the dashboard as usual. Plain code: route definitions ship in the entry chunk.
 */
export function safeNextPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 500) return undefined;
  if (!value.startsWith('/') || value.startsWith('//')) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return undefined;
  const base = 'https://origin.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The `next` search value of a sign-in route: itself when it is safe to follow, else undefined. (Said
 * even when undefined: the router keeps every raw search value a route's validation leaves out.)
 */
export function nextSearch(search: Record<string, unknown>): { next?: string | undefined } {
  return { next: safeNextPath(search.next) };
}
