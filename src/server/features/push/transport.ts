import type { VapidKeys } from '../../deps/app-deps';

/** A device to push to: its push service's endpoint and its keys (RFC 8291). */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushSendOptions {
  /** How long the push service keeps the message for an offline device. */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** Messages with the same topic replace each other while waiting at the push service. */
  topic?: string;
}

/** What the push service answered. */
export interface PushResponse {
  statusCode: number;
  /** Seconds, when the service asked to wait (429, 503). */
  retryAfterSeconds: number | null;
}

/** Sends one push message; a network failure or timeout throws. */
export interface PushTransport {
  send(target: PushTarget, payload: string, options: PushSendOptions): Promise<PushResponse>;
}

/**
 * The Web Push transport: the maintained `web-push` package encrypts the payload (aes128gcm,
 * RFC 8291) and signs the VAPID JWT (RFC 8292); the request itself goes through fetch, with a
 * timeout. `web-push` is loaded on the first push, not at start (idle memory, decision 0176).
 */
export function createWebPushTransport(
  vapid: VapidKeys,
  subject: string,
  { timeoutMs = 15_000 }: { timeoutMs?: number } = {},
): PushTransport {
  return {
    async send(target, payload, options) {
      const { default: webPush } = await import('web-push');
      const details = webPush.generateRequestDetails(target, payload, {
        vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: options.ttlSeconds,
        urgency: options.urgency,
        topic: options.topic,
        contentEncoding: 'aes128gcm',
      });
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(details.headers)) {
        // fetch sets the length from the body itself.
        if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
      }
      const response = await fetch(details.endpoint, {
        method: details.method,
        headers,
        body: details.body ? new Uint8Array(details.body) : null,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      await response.body?.cancel();
      const retryAfter = Number(response.headers.get('retry-after'));
      return {
        statusCode: response.status,
        retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
      };
    },
  };
}
