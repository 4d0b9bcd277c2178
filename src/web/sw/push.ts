/// <reference lib="webworker" />
/*
 * The service worker's side of push reminders (issue 36, decision 0271). The service worker
 * (src/web/sw/sw.ts) calls registerPushHandlers(self) once:
 * - push: shows the notification the server sent (title, body, and the page to open), written in
 *   the recipient's language by the server. A push the browser delivers must always show a
 *   notification, so a payload that cannot be read still shows the product's name.
 * - notificationclick: focuses a window of the app already open (taking it to the page), or opens
 *   one. Only pages of this site are opened, whatever the payload says.
 */
import { PRODUCT_NAME } from '../../shared/constants';

/** The icon part A's manifest provides (src/web/public/icons). */
export const NOTIFICATION_ICON = '/icons/icon-192.png';
const FALLBACK_URL = '/dashboard';

export interface ShownPush {
  title: string;
  body: string;
  url: string;
  tag: string | undefined;
}

/** The notification for a push's data: the server's payload, checked, with safe fallbacks. */
export function readPush(data: { json(): unknown } | null, origin: string): ShownPush {
  let payload: Record<string, unknown> = {};
  try {
    const parsed = data?.json();
    if (parsed && typeof parsed === 'object') payload = parsed as Record<string, unknown>;
  } catch {
    // Shown with the fallbacks below.
  }
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
  return {
    title: text(payload.title) ?? PRODUCT_NAME,
    body: text(payload.body) ?? '',
    url: sameSitePath(payload.url, origin),
    tag: text(payload.tag),
  };
}

/** `url` as a path of this site, or the dashboard for anything else (another site, not a string). */
export function sameSitePath(url: unknown, origin: string): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return FALLBACK_URL;
  try {
    const resolved = new URL(url, origin);
    return resolved.origin === origin ? `${resolved.pathname}${resolved.search}${resolved.hash}` : FALLBACK_URL;
  } catch {
    return FALLBACK_URL;
  }
}

export function registerPushHandlers(self: ServiceWorkerGlobalScope): void {
  self.addEventListener('push', (event) => {
    const shown = readPush(event.data, self.location.origin);
    event.waitUntil(
      self.registration.showNotification(shown.title, {
        body: shown.body,
        tag: shown.tag,
        icon: NOTIFICATION_ICON,
        badge: NOTIFICATION_ICON,
        data: { url: shown.url },
      }),
    );
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = sameSitePath((event.notification.data as { url?: unknown } | null)?.url, self.location.origin);
    event.waitUntil(openOrFocus(self, url));
  });
}

async function openOrFocus(self: ServiceWorkerGlobalScope, path: string): Promise<void> {
  const target = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = windows.find((client) => client.url === target);
  if (same) {
    await same.focus();
    return;
  }
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    const focused = await open.focus();
    // navigate() works for windows this worker controls; another one is still brought forward.
    await focused.navigate(target).catch(() => null);
    return;
  }
  await self.clients.openWindow(target);
}
