import { createHmac } from 'node:crypto';
import { nowIso, type DB } from '../../db/client';
import type { AppDeps } from '../../deps/app-deps';
import { recordSystemAction } from '../audit/service';
import { queueAdminSignInsPausedNotice } from '../mail/service';

/*
 * The seller sees it when an account's budget of failed sign-ins from devices it does not know
 * runs out (decision 0201): every such failure is a row of sign_in_failures (the account name
 * and the address as keyed hashes, never in clear, kept a day); the failure that spends the last
 * slot of the window writes one sign_in_lockouts row (the overview's notice), an audit line, and
 * for the administrator account an email to ADMIN_EMAIL (at most one an hour).
 */

const FAILURES_KEPT_MS = 24 * 60 * 60_000;
const LOCKOUT_NOTICE_DAYS = 7;
const SWEEP_EVERY = 200;
let failuresSinceSweep = 0;

function keyedHash(deps: Pick<AppDeps, 'accessCodeKey'>, kind: 'account' | 'address', value: string): string {
  return createHmac('sha256', deps.accessCodeKey).update(`sign-in ${kind}\n${value}`).digest('base64url');
}

/** One failed sign-in from a device the account does not know; the same statement for any name. */
export async function recordUntrustedFailure(
  deps: Pick<AppDeps, 'accessCodeKey' | 'db'>,
  attempt: { accountKey: string; address: string },
  now = Date.now(),
): Promise<void> {
  failuresSinceSweep += 1;
  if (failuresSinceSweep >= SWEEP_EVERY) {
    failuresSinceSweep = 0;
    await deps.db
      .deleteFrom('sign_in_failures')
      .where('failed_at', '<', now - FAILURES_KEPT_MS)
      .execute();
  }
  await deps.db
    .insertInto('sign_in_failures')
    .values({
      key_hash: keyedHash(deps, 'account', attempt.accountKey.toLowerCase()),
      address_hash: keyedHash(deps, 'address', attempt.address),
      failed_at: now,
    })
    .execute();
}

/**
 * The account's budget for new devices is spent until `windowEndsAt`: counts the window's failures
 * and their addresses (the same query for any name), and, for an account that exists, records the
 * pause once per window with its notice, audit line and (administrator) email.
 */
export async function reportPausedSignIns(
  deps: AppDeps,
  pause: { accountKey: string; accountId: number | null; windowMs: number; windowEndsAt: number },
  now = Date.now(),
): Promise<void> {
  const counted = await deps.db
    .selectFrom('sign_in_failures')
    .select((eb) => [
      eb.fn.countAll<number>().as('failures'),
      eb.fn.count<number>('address_hash').distinct().as('addresses'),
    ])
    .where('key_hash', '=', keyedHash(deps, 'account', pause.accountKey.toLowerCase()))
    .where('failed_at', '>', pause.windowEndsAt - pause.windowMs - 1)
    .executeTakeFirstOrThrow();
  if (pause.accountId === null) return;
  const accountId = pause.accountId;
  const failures = Number(counted.failures);
  const addresses = Number(counted.addresses);
  await deps.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('sign_in_lockouts')
      .values({ account_id: accountId, failures, addresses, window_ends_at: pause.windowEndsAt, created_at: nowIso() })
      .onConflict((conflict) => conflict.columns(['account_id', 'window_ends_at']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return;
    // The notice shows a week; the audit log keeps the lasting record.
    await trx
      .deleteFrom('sign_in_lockouts')
      .where('created_at', '<', new Date(now - LOCKOUT_NOTICE_DAYS * 24 * 60 * 60_000).toISOString())
      .execute();
    const account = await trx
      .selectFrom('accounts')
      .select(['role', 'couple_id', 'username'])
      .where('id', '=', accountId)
      .executeTakeFirst();
    if (!account) return;
    const target =
      account.role === 'admin' ? `admin ${account.username ?? accountId}` : `couple ${account.couple_id ?? accountId}`;
    await recordSystemAction(trx, 'sign-in.new-devices-paused', {
      target: `${target}: ${failures} failed sign-ins from ${addresses} ${addresses === 1 ? 'address' : 'addresses'}`,
    });
    if (account.role === 'admin') {
      await queueAdminSignInsPausedNotice(
        trx,
        deps,
        {
          username: account.username ?? `admin ${accountId}`,
          failures,
          addresses,
          minutes: Math.max(1, Math.ceil((pause.windowEndsAt - now) / 60_000)),
        },
        now,
      );
    }
  });
}

/** The back office's notice: accounts whose sign-ins from new devices paused in the last days. */
export interface SignInPause {
  /** `admin` or the couple's email or username (account facts the back office shows anyway). */
  account: string;
  isAdmin: boolean;
  failures: number;
  addresses: number;
  pausedAt: string;
  /** ISO time the pause ends (new devices may try again). */
  endsAt: string;
}

export async function listRecentSignInPauses(db: DB, now = Date.now()): Promise<SignInPause[]> {
  const rows = await db
    .selectFrom('sign_in_lockouts')
    .innerJoin('accounts', 'accounts.id', 'sign_in_lockouts.account_id')
    .select([
      'accounts.role',
      'accounts.username',
      'accounts.email',
      'sign_in_lockouts.failures',
      'sign_in_lockouts.addresses',
      'sign_in_lockouts.created_at',
      'sign_in_lockouts.window_ends_at',
    ])
    .where('sign_in_lockouts.created_at', '>=', new Date(now - LOCKOUT_NOTICE_DAYS * 24 * 60 * 60_000).toISOString())
    .orderBy('sign_in_lockouts.created_at', 'desc')
    .limit(10)
    .execute();
  return rows.map((row) => ({
    account:
      row.role === 'admin'
        ? `the administrator (${row.username ?? 'admin'})`
        : (row.email ?? row.username ?? 'a couple'),
    isAdmin: row.role === 'admin',
    failures: Number(row.failures),
    addresses: Number(row.addresses),
    pausedAt: row.created_at,
    endsAt: new Date(Number(row.window_ends_at)).toISOString(),
  }));
}
