import type { Locale } from '../../../shared/i18n/locales';
import type { AccessLevel, Role } from '../../../shared/constants';
import { nowIso, type DB } from '../../db/client';
import { ACCESS_CODE_HASH_PREFIX } from './passwords';

/**
 * The SQL of signing in. These are the only queries that read a password or access-code hash, and
 * only the auth service calls them: it needs the hash to verify a secret and never returns it.
 */
export interface StoredCredentials {
  accountId: number;
  role: Role;
  secretHash: string | null;
}

/** The account named `username` (case-insensitive: the column is COLLATE NOCASE) with its password hash. */
export async function findPasswordCredentials(db: DB, username: string): Promise<StoredCredentials | undefined> {
  return db
    .selectFrom('accounts')
    .select(['id as accountId', 'role', 'password_hash as secretHash'])
    .where('username', '=', username)
    .executeTakeFirst();
}

/** The couple account with this (lower-cased) email and its personal access-code hash. */
export async function findAccessCodeCredentials(db: DB, email: string): Promise<StoredCredentials | undefined> {
  return db
    .selectFrom('accounts')
    .select(['id as accountId', 'role', 'access_code_hash as secretHash'])
    .where('email', '=', email)
    .executeTakeFirst();
}

export async function usernameExists(db: DB, username: string): Promise<boolean> {
  const row = await db.selectFrom('accounts').select('id').where('username', '=', username).executeTakeFirst();
  return row !== undefined;
}

interface NewCoupleAccount {
  accessLevel: AccessLevel;
  displayName: string;
  partnerName: string;
  username: string | null;
  email: string | null;
  passwordHash: string | null;
  accessCodeHash: string | null;
  /** The language of the page the account was made on (issue 35); English when not known. */
  locale?: Locale;
}

/** Creates a couple and its first account in one transaction (the caller's, if `db` is one); returns both ids. */
export async function insertCoupleAccount(
  db: DB,
  values: NewCoupleAccount,
): Promise<{ coupleId: number; accountId: number }> {
  const inTransaction = <T>(work: (trx: DB) => Promise<T>) =>
    db.isTransaction ? work(db) : db.transaction().execute(work);
  return inTransaction(async (trx) => {
    const now = nowIso();
    const couple = await trx
      .insertInto('couples')
      .values({
        display_name: values.displayName,
        partner_name: values.partnerName,
        wedding_date: null,
        access_level: values.accessLevel,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const account = await trx
      .insertInto('accounts')
      .values({
        role: 'couple',
        couple_id: couple.id,
        username: values.username,
        email: values.email,
        password_hash: values.passwordHash,
        access_code_hash: values.accessCodeHash,
        created_at: now,
        locale: values.locale ?? 'en',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { coupleId: couple.id, accountId: account.id };
  });
}

/**
 * Stores the account's new personal access-code hash (the old code stops working), and, if given,
 * its email and when that email was proven.
 */
export async function setAccessCodeHash(
  db: DB,
  accountId: number,
  values: { accessCodeHash: string; email?: string; emailVerifiedAt?: string },
): Promise<void> {
  const result = await db
    .updateTable('accounts')
    .set({
      access_code_hash: values.accessCodeHash,
      ...(values.email === undefined ? {} : { email: values.email }),
      ...(values.emailVerifiedAt === undefined ? {} : { email_verified_at: values.emailVerifiedAt }),
    })
    .where('id', '=', accountId)
    .where('role', '=', 'couple')
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) throw new Error(`No couple account ${accountId} to give an access code`);
}

/**
 * Whether any access code is stored hashed with the server key (decision 0092). Read once at
 * start-up, and only when the key file is missing.
 */
export async function holdsKeyedAccessCodeHashes(db: DB): Promise<boolean> {
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where('access_code_hash', 'like', `${ACCESS_CODE_HASH_PREFIX}%`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * True for a unique-constraint violation (a concurrent sign-up took the name first): SQLite's
 * SQLITE_CONSTRAINT_UNIQUE or PostgreSQL's unique_violation (23505).
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error as { code: unknown };
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/**
 * Whether a couple's account has never been used: its couple has no activity yet (no session ever
 * started, nothing saved; couples.last_active_at, decision 0147). Read before the new session.
 */
export async function isFirstSignIn(db: DB, accountId: number): Promise<boolean> {
  const row = await db
    .selectFrom('accounts')
    .innerJoin('couples', 'couples.id', 'accounts.couple_id')
    .select('couples.last_active_at')
    .where('accounts.id', '=', accountId)
    .executeTakeFirst();
  return row !== undefined && row.last_active_at === null;
}
