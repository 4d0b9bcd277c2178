import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of a reminder's one-click unsubscribe link: the couple's id and an HMAC of it under a
 * key derived from the server secret (DATA_DIR/access-code.key, decision 0092), so it works
 * without signing in and nobody can make one for another couple. It does not expire: an old
 * email's link must still work.
 */
const PURPOSE = 'vows-and-weeks:unsubscribe:v1';

function signature(secret: Buffer, coupleId: number): string {
  const key = createHmac('sha256', secret).update(PURPOSE).digest();
  return createHmac('sha256', key).update(String(coupleId)).digest('base64url').slice(0, 32);
}

export function unsubscribeToken(secret: Buffer, coupleId: number): string {
  return `${coupleId}.${signature(secret, coupleId)}`;
}

/** The couple a token names, or null for anything else. */
export function verifyUnsubscribeToken(secret: Buffer, token: unknown): number | null {
  if (typeof token !== 'string') return null;
  const match = /^([1-9]\d{0,15})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const coupleId = Number(match[1]);
  if (!Number.isSafeInteger(coupleId)) return null;
  const expected = Buffer.from(signature(secret, coupleId));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? coupleId : null;
}
