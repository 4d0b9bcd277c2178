/**
 * The browser side of push reminders (decision 0271): whether this browser can receive them, this
 * device's subscription, and subscribing with the server's VAPID key. The service worker itself is
 * registered by the app's offline support (src/web/sw/sw.ts); this file only asks for it.
 */

/** Push needs a service worker, the Push API and notifications; without them the option is not shown. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator
  );
}

/** How long subscribing waits for the service worker before saying it failed. */
export const SERVICE_WORKER_WAIT_MS = 10_000;

/** The service worker registration, once active (navigator.serviceWorker.ready), or an error after a wait. */
export async function readyRegistration(waitMs = SERVICE_WORKER_WAIT_MS): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      navigator.serviceWorker.ready,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('The service worker did not start.')), waitMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** This device's current push subscription, without waiting for (or asking for) anything. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** A base64url text as bytes (PushManager.subscribe's applicationServerKey). */
export function base64urlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, index) => byte === b[index]);
}

/**
 * Subscribes this device with the server's key. A subscription made with another key (the server's
 * key changed) is replaced, since the push service would refuse the server's messages for it.
 */
export async function subscribeThisDevice(
  registration: ServiceWorkerRegistration,
  publicKey: string,
): Promise<PushSubscriptionJSON> {
  const applicationServerKey = base64urlToBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, applicationServerKey)) return existing.toJSON();
  await existing?.unsubscribe();
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  return subscription.toJSON();
}

/** The browser and system in a few words ("Chrome", "Android"), for the device list. */
export function describeDevice(userAgent: string): { browser: string; system: string } | null {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /SamsungBrowser\//.test(userAgent)
      ? 'Samsung Internet'
      : /Firefox\/|FxiOS\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\/|CriOS\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone/.test(userAgent)
      ? 'iPhone'
      : /iPad/.test(userAgent)
        ? 'iPad'
        : /CrOS/.test(userAgent)
          ? 'ChromeOS'
          : /Windows/.test(userAgent)
            ? 'Windows'
            : /Mac OS X|Macintosh/.test(userAgent)
              ? 'macOS'
              : /Linux/.test(userAgent)
                ? 'Linux'
                : null;
  return browser && system ? { browser, system } : null;
}
