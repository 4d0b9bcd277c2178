import { z } from './zod';

/**
 * A browser's push subscription (PushSubscription.toJSON(), the Web Push standard, RFC 8030/8291)
 * as `push.subscribe` accepts it: an https endpoint of the browser's push service, the device's
 * P-256 public key (65 bytes, uncompressed point: 87 base64url characters) and its 16-byte auth
 * secret (22 base64url characters). The server refuses anything else with a 400 saying which part.
 */
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The number of bytes a base64url text decodes to, or -1 when it is not base64url (no Buffer: shared). */
export function base64urlBytes(value: string): number {
  if (!BASE64URL.test(value)) return -1;
  const length = value.replace(/=+$/, '').length;
  if (length % 4 === 1) return -1;
  return Math.floor((length * 3) / 4);
}

export const PUSH_KEY_MESSAGES = {
  endpoint: 'The subscription endpoint must be an https:// address of a push service.',
  p256dh: 'The subscription key p256dh must be a P-256 public key: 65 bytes in base64url (87 characters).',
  auth: 'The subscription key auth must be 16 bytes in base64url (22 characters).',
} as const;

export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string({ error: PUSH_KEY_MESSAGES.endpoint })
    .max(2048, 'The subscription endpoint is longer than 2048 characters.')
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
      } catch {
        return false;
      }
    }, PUSH_KEY_MESSAGES.endpoint),
  /** Browsers send it (null when the subscription does not expire); the server does not use it. */
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: z
        .string({ error: PUSH_KEY_MESSAGES.p256dh })
        .refine(
          (value) => value.length <= 88 && base64urlBytes(value) === 65 && value.startsWith('B'),
          PUSH_KEY_MESSAGES.p256dh,
        ),
      auth: z
        .string({ error: PUSH_KEY_MESSAGES.auth })
        .refine((value) => value.length <= 24 && base64urlBytes(value) === 16, PUSH_KEY_MESSAGES.auth),
    },
    { error: 'The subscription needs its keys: p256dh and auth.' },
  ),
});

export const subscribePushInputSchema = z.object({
  subscription: pushSubscriptionSchema,
  /** A name for the device the person recognises ("Chrome on Android"), made by the browser. */
  deviceLabel: z.string().trim().min(1, 'The device needs a name.').max(80, 'A device name is at most 80 characters.'),
});
export type SubscribePushInput = z.infer<typeof subscribePushInputSchema>;

export const unsubscribePushInputSchema = z.object({
  deviceId: z.number().int().positive(),
});

/** One device of the signed-in account that receives push reminders. */
export interface PushDevice {
  id: number;
  label: string;
  /** The push service's address: the web compares it with its own subscription ("this device"). */
  endpoint: string;
  createdAt: string;
}

/** What a notification carries to the service worker (src/web/sw/push.ts). */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** A path of this site to open when the notification is clicked. */
  url: z.string().startsWith('/'),
  /** Notifications with the same tag replace each other on the device. */
  tag: z.string().optional(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
