/**
 * Which push endpoints the server sends to (decision 0317). A subscription's endpoint comes from
 * the browser, that is from whoever calls `push.subscribe`, and the push worker POSTs to it from
 * the server: any address would let a couple make the server call hosts on its own network (a
 * cloud's metadata service, an admin port on 127.0.0.1) and learn from `push.devices` whether they
 * answered 404/410. So only the push services browsers use are accepted, on https and their
 * default port, at subscription and again before each send; PUSH_SERVICE_ORIGINS adds origins of
 * further services (the tests' local Web Push service, http://127.0.0.1:PORT).
 */

/** The Web Push services' host names: Chrome and most Chromium browsers (FCM), Firefox. */
const KNOWN_PUSH_HOSTS: ReadonlySet<string> = new Set([
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
]);

/** Services whose hosts vary under one domain: Safari (web.push.apple.com), Edge on Windows (WNS). */
const KNOWN_PUSH_DOMAINS: readonly string[] = ['.push.apple.com', '.notify.windows.com'];

export const PUSH_SERVICE_MESSAGE =
  'The subscription endpoint must be an address of a browser push service (Google, Mozilla, Apple or Microsoft).';

/** Whether the server may send to `endpoint`: a known push service's, or one of `extraOrigins`. */
export function isAllowedPushEndpoint(endpoint: string, extraOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  if (extraOrigins.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const host = url.hostname;
  return KNOWN_PUSH_HOSTS.has(host) || KNOWN_PUSH_DOMAINS.some((domain) => host.endsWith(domain));
}
