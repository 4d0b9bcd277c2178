import { nowIso, type DB } from '../../db/client';
import type { AppDeps } from '../../deps/app-deps';
import { generateAccessCode, hashAccessCode } from './passwords';
import { setAccessCodeHash } from './repo';
import { deleteSessionsOfAccount } from './sessions';

export interface IssueOptions {
  /** Gives the account this email with the code (an account registered with a username has none). */
  email?: string;
  /**
   * Whether the code goes to the email's owner, which proves the email: an order's code is
   * delivered to the buyer (so is a code sent by mail). A trial's code is shown to whoever typed
   * the email, which proves nothing.
   */
  provesEmail: boolean;
  /**
   * Sends the new code in the same transaction (the mail feature's delivery: an order's code, a
   * trial's code when mail is configured); without it the caller shows the code.
   */
  deliver?: (db: DB, accessCode: string, accountId: number) => Promise<void>;
}

/**
 * THE way a personal access code is issued, by every issuer (a trial, an order, later a resend or
 * a recovery): a new random code, stored only as its keyed hash, replaces the old one; and every
 * session of the account ends in the same write, whoever started it, with the old code, the trial
 * code or a password (decision 0091). So whoever holds the new code starts from it, and a stranger
 * who had signed in before is out: in this process on the next request, in other processes within
 * OTHER_CONNECTIONS_CHECK_MS. Pass the caller's transaction as `db` so the code, the sessions and
 * the rest of the change commit together. Returns the code, to be shown or sent once.
 */
export async function issueAccessCode(
  db: DB,
  deps: Pick<AppDeps, 'accessCodeKey'>,
  accountId: number,
  options: IssueOptions,
): Promise<string> {
  const accessCode = generateAccessCode();
  await setAccessCodeHash(db, accountId, {
    accessCodeHash: hashAccessCode(accessCode, deps.accessCodeKey),
    email: options.email,
    emailVerifiedAt: options.provesEmail ? nowIso() : undefined,
  });
  await deleteSessionsOfAccount(db, accountId);
  await options.deliver?.(db, accessCode, accountId);
  return accessCode;
}

/**
 * A completed order for an account whose email was never proven (a trial anyone could have
 * started with that email) ends every session of the account, password sessions too: the buyer
 * starts from the order's code (decision 0091). An account without an email, or with a proven
 * one, keeps its sessions.
 */
export async function endSessionsOfUnprovenEmail(
  db: DB,
  account: { accountId: number; email: string | null; emailVerifiedAt: string | null },
): Promise<void> {
  if (account.email !== null && account.emailVerifiedAt === null) await deleteSessionsOfAccount(db, account.accountId);
}
