import { useLocation, useRouter } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import type { LinkSecretName } from '../../shared/link-secrets';

/**
 * A secret a link carries (decision 0367): `/gift/sent#token=...` as the app now writes its links,
 * or `/gift/sent?token=...` as emails sent before did. The page reads it, then takes it out of the
 * address bar and the history entry's URL at once (a replace, no new entry): the secret stays only
 * in that entry's state, which no server and no other site sees, so a reload or Back still finds
 * it, and a bookmark or the history list holds the bare path. The page then sends it to the server
 * in a request's body (src/web/trpc.ts).
 */

/** The history state's field the secret is kept in. */
const STATE_KEY = 'vwLinkSecret';

/** The secret named `name` in an address (path, query, fragment): the fragment's first, else the query's. */
export function secretInAddress(href: string, name: LinkSecretName): string | undefined {
  const url = new URL(href, 'https://origin.invalid');
  const value = new URLSearchParams(url.hash.slice(1)).get(name) ?? url.searchParams.get(name);
  return value?.trim() || undefined;
}

/** The same address without `name` in its query or its fragment (null: it had none). */
export function addressWithoutSecret(href: string, name: LinkSecretName): string | null {
  const url = new URL(href, 'https://origin.invalid');
  const fragment = new URLSearchParams(url.hash.slice(1));
  if (!url.searchParams.has(name) && !fragment.has(name)) return null;
  url.searchParams.delete(name);
  if (fragment.has(name)) {
    fragment.delete(name);
    url.hash = fragment.size > 0 ? fragment.toString() : '';
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

function keptSecret(state: unknown): string | undefined {
  const value = (state as Record<string, unknown> | undefined)?.[STATE_KEY];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The page's secret (from its address, else kept in its history entry), and `keep(secret)`, which
 * replaces it (a code typed on the page; undefined: none any more) in a new history entry, so Back
 * returns to the page as it was (or in the same one, `replace`). Never puts a secret in a URL.
 */
export function useLinkSecret(
  name: LinkSecretName,
): [string | undefined, (secret: string | undefined, options?: { replace?: boolean }) => void] {
  const router = useRouter();
  // The address as the browser shows it (`/es/gift/sent`), below the router's language rewrite.
  const { publicHref: href, state } = useLocation();
  const pathname = new URL(href, 'https://origin.invalid').pathname;
  const secret = secretInAddress(href, name) ?? keptSecret(state);
  useEffect(() => {
    const bare = addressWithoutSecret(href, name);
    if (bare === null) return;
    const found = secretInAddress(href, name);
    router.history.replace(bare, found === undefined ? {} : { [STATE_KEY]: found });
    router.history.flush();
  }, [href, name, router]);
  const keep = useCallback(
    (next: string | undefined, options?: { replace?: boolean }) => {
      const kept = next === undefined ? {} : { [STATE_KEY]: next };
      if (options?.replace) router.history.replace(pathname, kept);
      else router.history.push(pathname, kept);
    },
    [pathname, router],
  );
  return [secret, keep];
}
