import { hash, randomBytes } from 'node:crypto';
import { nowIso, type ChangeMark, type DatabaseChanges, type DB } from '../../db/client';
import type { Auth, SessionResolver } from '../../deps/session-resolver';

/** Who is asking, and the lookup this file implements (their shapes live in deps/, beside AppDeps). */
export type { Auth, SessionResolver };

export const SESSION_COOKIE = 'sid';

export const ANONYMOUS: Auth = { kind: 'anonymous' };

function hashToken(token: string): string {
  return hash('sha256', token);
}

/** Creates a session for the account; the token (256 random bits) goes only to the cookie. */
export async function createSession(
  db: DB,
  accountId: number,
  ttlDays: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlDays * 24 * 60 * 60 * 1000);
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      account_id: accountId,
      expires_at: expiresAt.getTime(),
      created_at: nowIso(),
    })
    .execute();
  return { token, expiresAt };
}

/**
 * The session row, its account (and its language) and the couple's access level: one indexed join.
 * A column of `couples` added here must join SESSION_COUPLE_COLUMNS and the couples trigger on
 * PostgreSQL (decision 0372), or a change to it would not clear the session memory.
 */
function sessionQuery(db: DB, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
    .leftJoin('couples', 'couples.id', 'accounts.couple_id')
    .select([
      'sessions.id as sessionId',
      'sessions.expires_at as expiresAt',
      'accounts.id as accountId',
      'accounts.role as role',
      'accounts.couple_id as coupleId',
      'couples.access_level as accessLevel',
      'accounts.partner as partner',
      'couples.private_answers as privateAnswers',
      'accounts.locale as locale',
    ])
    .where('sessions.token_hash', '=', tokenHash);
}

/** Resolves a cookie token to the signed-in account; expired, forged or missing tokens are anonymous. */
export async function resolveSession(db: DB, token: string | undefined): Promise<Auth> {
  if (!token || token.length > 200) return ANONYMOUS;
  return lookUp(db, hashToken(token), Date.now());
}

async function lookUp(db: DB, tokenHash: string, now: number): Promise<Auth> {
  const row = await sessionQuery(db, tokenHash).executeTakeFirst();
  if (!row || row.expiresAt <= now) return ANONYMOUS;
  if (row.role === 'admin')
    return { kind: 'admin', accountId: row.accountId, sessionId: row.sessionId, expiresAt: row.expiresAt };
  if (row.coupleId == null || row.accessLevel == null) return ANONYMOUS;
  return {
    kind: 'couple',
    accountId: row.accountId,
    sessionId: row.sessionId,
    coupleId: row.coupleId,
    accessLevel: row.accessLevel,
    expiresAt: row.expiresAt,
    partner: row.partner ?? (row.privateAnswers ? 'partner1' : null),
    privateAnswers: row.privateAnswers === 1,
    locale: row.locale,
  };
}

interface Remembered {
  auth: Exclude<Auth, { kind: 'anonymous' }>;
  mark: ChangeMark;
}

/**
 * resolveSession with a memory of the signed-in sessions it found (decision 0064). Every
 * authenticated request starts with the session lookup, the most frequent query of the app; a
 * remembered answer is used only while nothing at all has been written to the database since it
 * was read (`changes`: this process's writes and any other connection's commits), and only until
 * the session expires. So a logout, a replaced access code or an upgrade to full access take
 * effect on the very next request, as without the memory; a change made by another process (the
 * order command, the admin reset script) within OTHER_CONNECTIONS_CHECK_MS (0.1 s). Unknown and
 * expired tokens are never remembered. At most `size` sessions, oldest out first.
 *
 * The memory is keyed by the token itself, so a remembered session costs no hash (decision 0088:
 * the sha256 was about 2% of an API read). It lives only in this process's memory, where every
 * request's cookie header holds the same token anyway; the database keeps hashes only.
 */
export function createSessionResolver(db: DB, changes: DatabaseChanges, size = 10_000): SessionResolver {
  const remembered = new Map<string, Remembered>();
  return {
    async resolve(token) {
      if (!token || token.length > 200) return ANONYMOUS;
      const now = Date.now();
      const known = remembered.get(token);
      if (known && known.auth.expiresAt > now && changes.unchangedSince(known.mark)) return known.auth;
      const mark = changes.mark();
      const auth = await lookUp(db, hashToken(token), now);
      if (auth.kind === 'anonymous') {
        remembered.delete(token);
        return auth;
      }
      if (!known && remembered.size >= size) remembered.delete(remembered.keys().next().value!);
      remembered.set(token, { auth, mark });
      return auth;
    },
  };
}

export async function deleteSessionByToken(db: DB, token: string | undefined): Promise<void> {
  if (!token) return;
  await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}

/**
 * Ends every session of the account. Like any write it clears the session memory of this process
 * at once, and of other processes within OTHER_CONNECTIONS_CHECK_MS (decision 0064).
 */
export async function deleteSessionsOfAccount(db: DB, accountId: number): Promise<void> {
  await db.deleteFrom('sessions').where('account_id', '=', accountId).execute();
}

export async function deleteExpiredSessions(db: DB): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', Date.now()).execute();
}
