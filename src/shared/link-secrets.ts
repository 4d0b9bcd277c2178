/**
 * Secrets the app's links carry (decision 0367): the seller's invitation to a facilitator
 * (`/facilitator#token=`), a gift buyer's receipt (`/gift/sent#token=`), a gift's redeem code
 * (`/redeem#code=`), a cohort's join or seat code (`/mentor#code=`), a partner's invite (`/invite#code=`,
 * decision 0370). They go in the URL's fragment, which a browser never sends to a server, so they reach
 * no access log, and the page takes them out of the address bar at once (src/web/lib/link-secret.ts).
 * Links sent before, with the secret in the query string (an invite's in its path), keep working.
 */

/** The name each page reads its secret under: `token` or `code`. */
export type LinkSecretName = 'token' | 'code';

/** `${origin}${path}#name=value`: a link of this site with its secret in the fragment. */
export function linkWithSecret(origin: string, path: string, name: LinkSecretName, secret: string): string {
  return `${origin}${path}#${name}=${encodeURIComponent(secret)}`;
}

/**
 * The tRPC queries whose input is a link's secret. The web client sends them as POST, the input
 * in the body, never in the request's URL (a query is otherwise a GET with its input in the query
 * string, which an access log keeps).
 */
export const SECRET_INPUT_QUERIES: ReadonlySet<string> = new Set([
  'facilitator.previewInvite',
  'gifts.receipt',
  'gifts.preview',
  'mentor.preview',
  'partners.invite',
]);
