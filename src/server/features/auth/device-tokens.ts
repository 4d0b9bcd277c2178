import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { nowIso, type DB } from '../../db/client';

/*
 * Device tokens (decision 0201, OWASP's "device cookie"). A device that signed in to an account
 * carries, in the `device` cookie, a token `<id>.<mac>`: 128 random bits and an HMAC of them with a
 * key derived from the server key. The database holds a hash of the id with the account and an
 * expiry, so a token is revocable and names its account only on the server: the cookie tells a
 * reader nothing about whose it is. A forged token fails the HMAC without a query; an expired,
 * revoked or other account's token finds no row for the account signing in. Either way it counts
 * as none. One cookie holds the tokens of a few accounts (the seller's admin and a test couple in
 * one browser), newest first.
 */

export const DEVICE_COOKIE = 'device';
/** How long a device stays known without signing in again; each sign-in gives it a new token. */
export const DEVICE_TOKEN_TTL_DAYS = 180;
/** Tokens of different accounts one cookie keeps. */
const TOKENS_PER_COOKIE = 3;
/** Devices one account keeps: a client that drops its cookies cannot grow the table without end. */
const TOKENS_PER_ACCOUNT = 20;
const DAY_MS = 24 * 60 * 60 * 1000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/;

/** The HMAC key of device tokens: its own key, derived from the server key (DATA_DIR/access-code.key). */
export function deviceTokenKey(serverKey: Buffer): Buffer {
  return createHmac('sha256', serverKey).update('vows-and-weeks device tokens').digest();
}

function macOf(key: Buffer, id: string): string {
  return createHmac('sha256', key).update(id).digest('base64url').slice(0, 22);
}

function hashOfId(id: string): string {
  return createHash('sha256').update(id).digest('base64url');
}

/** A device token of the cookie whose HMAC is right: the hash of its id (the row's key). */
interface GenuineToken {
  token: string;
  tokenHash: string;
}

/** The genuine tokens of a `device` cookie value (anything else in it is ignored). */
export function genuineTokens(key: Buffer, cookie: string | undefined): GenuineToken[] {
  if (!cookie || cookie.length > 400) return [];
  const found: GenuineToken[] = [];
  for (const token of cookie.split('~').slice(0, TOKENS_PER_COOKIE)) {
    if (!TOKEN_PATTERN.test(token)) continue;
    const [id, mac] = token.split('.') as [string, string];
    const expected = Buffer.from(macOf(key, id));
    if (timingSafeEqual(expected, Buffer.from(mac))) found.push({ token, tokenHash: hashOfId(id) });
  }
  return found;
}

/** What a request's device cookie holds: the genuine, live tokens and the account each is for. */
export interface KnownDevice {
  /** The token for the account signing in, if the device has one: its own budget (decision 0201). */
  trusted: GenuineToken | null;
  /** The other accounts' live tokens, kept in the cookie when it is given a new one. */
  others: string[];
}

/**
 * Reads the device cookie for a sign-in to `accountId` (null: no such account). One query
 * whenever the cookie holds a genuine token, whether or not the account exists.
 */
export async function readKnownDevice(
  db: DB,
  key: Buffer,
  cookie: string | undefined,
  accountId: number | null,
  now = Date.now(),
): Promise<KnownDevice> {
  const tokens = genuineTokens(key, cookie);
  if (tokens.length === 0) return { trusted: null, others: [] };
  const rows = await db
    .selectFrom('device_tokens')
    .select(['token_hash', 'account_id'])
    .where(
      'token_hash',
      'in',
      tokens.map((token) => token.tokenHash),
    )
    .where('expires_at', '>', now)
    .execute();
  const owner = new Map(rows.map((row) => [row.token_hash, Number(row.account_id)]));
  const trusted = tokens.find((token) => accountId !== null && owner.get(token.tokenHash) === accountId) ?? null;
  const others = tokens
    .filter((token) => token !== trusted && owner.has(token.tokenHash) && owner.get(token.tokenHash) !== accountId)
    .map((token) => token.token);
  return { trusted, others };
}

/** The new value of the device cookie and when it ends. */
export interface DeviceCookie {
  value: string;
  expiresAt: Date;
}

/**
 * After a successful sign-in to `accountId`: the device's token for it is replaced by a new one
 * (rotation: a copied cookie stops working once the device signs in again), the account keeps its
 * newest devices only, and the cookie keeps the other accounts' tokens.
 */
export async function rememberDevice(
  db: DB,
  key: Buffer,
  accountId: number,
  known: KnownDevice,
  now = Date.now(),
): Promise<DeviceCookie> {
  const id = randomBytes(16).toString('base64url');
  const token = `${id}.${macOf(key, id)}`;
  const expiresAt = now + DEVICE_TOKEN_TTL_DAYS * DAY_MS;
  if (known.trusted) await db.deleteFrom('device_tokens').where('token_hash', '=', known.trusted.tokenHash).execute();
  await db
    .insertInto('device_tokens')
    .values({ token_hash: hashOfId(id), account_id: accountId, expires_at: expiresAt, created_at: nowIso() })
    .execute();
  await db
    .deleteFrom('device_tokens')
    .where('account_id', '=', accountId)
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', now),
        eb(
          'token_hash',
          'not in',
          eb
            .selectFrom('device_tokens as newest')
            .select('newest.token_hash')
            .where('newest.account_id', '=', accountId)
            .orderBy('newest.expires_at', 'desc')
            .limit(TOKENS_PER_ACCOUNT),
        ),
      ]),
    )
    .execute();
  return {
    value: [token, ...known.others].slice(0, TOKENS_PER_COOKIE).join('~'),
    expiresAt: new Date(expiresAt),
  };
}

/** Forgets every device of the account (a password reset, "end sessions" in the back office). */
export async function forgetDevices(db: DB, accountIds: number | readonly number[]): Promise<number> {
  const ids = typeof accountIds === 'number' ? [accountIds] : [...accountIds];
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('device_tokens').where('account_id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
