import { Secret, TOTP } from 'otpauth';
import { looksLikeTotpCode, RECOVERY_CODE_COUNT, TOTP_DIGITS } from '../../../shared/admin-security-schemas';
import { AppError } from '../../../shared/errors';
import type { DB } from '../../db/client';
import type { AppDeps } from '../../deps/app-deps';
import { recordAdminAction } from '../audit/service';
import type { AdminAuth } from '../auth/access';
import { deleteSessionsOfAccount } from '../auth/sessions';
import {
  acceptStep,
  countUnusedRecoveryCodes,
  deleteSecondFactor,
  findAdminByUsername,
  findAdminUsername,
  findSecondFactor,
  replaceRecoveryCodes,
  savePendingSecret,
  useRecoveryCode,
} from './repo';
import {
  decryptTotpSecret,
  encryptTotpSecret,
  generateRecoveryCode,
  hashRecoveryCode,
  readPendingSignIn,
  signPendingSignIn,
} from './secrets';

/*
 * The administrator's second factor (docs/product.md#admin-second-factor): TOTP (RFC 6238, SHA-1,
 * 6 digits, 30-second steps, one step of clock drift either side), a replay guard (a code is good
 * once, and never one of an earlier step than the last accepted), and single-use recovery codes.
 */

const ISSUER = 'Vows & Weeks';
const PERIOD_SECONDS = 30;
const DRIFT_STEPS = 1;
/** How long the password step's pending sign-in waits for the code. */
export const PENDING_SIGN_IN_MS = 5 * 60 * 1000;

export const WRONG_SETUP_CODE =
  'That code is not right. Check that the time on your phone is set automatically, and enter the newest code.';

/**
 * The time step a 6-digit code belongs to (within the drift), or null when it matches none; the
 * facilitators' second factor uses the same check (decision 0261).
 */
export function totpStep(secretBase32: string, code: string, now: number): number | null {
  const token = code.replace(/\s+/g, '');
  if (!looksLikeTotpCode(token)) return null;
  const delta = TOTP.validate({
    token,
    secret: Secret.fromBase32(secretBase32),
    digits: TOTP_DIGITS,
    period: PERIOD_SECONDS,
    timestamp: now,
    window: DRIFT_STEPS,
  });
  if (delta === null) return null;
  return TOTP.counter({ period: PERIOD_SECONDS, timestamp: now }) + delta;
}

/** The audit log's actor for an action without a session (a sign-in, the command line). */
function actingAdmin(accountId: number): AdminAuth {
  return { kind: 'admin', accountId, sessionId: 0, expiresAt: 0 };
}

function inTransaction<T>(db: DB, work: (trx: DB) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

export interface SecondFactorStatus {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
}

/** Whether the second factor is on, since when, and how many recovery codes are unused. Never the secret. */
export async function getSecondFactorStatus(deps: AppDeps, admin: AdminAuth): Promise<SecondFactorStatus> {
  const stored = await findSecondFactor(deps.db, admin.accountId);
  const enabled = Boolean(stored?.enabledAt);
  return {
    enabled,
    enabledAt: stored?.enabledAt ?? null,
    recoveryCodesLeft: enabled ? await countUnusedRecoveryCodes(deps.db, admin.accountId) : 0,
  };
}

/** Whether signing in as this account needs the second factor. */
export async function isSecondFactorEnabled(deps: AppDeps, accountId: number): Promise<boolean> {
  return Boolean((await findSecondFactor(deps.db, accountId))?.enabledAt);
}

export interface SecondFactorSetup {
  /** Base32, for typing into an app by hand. */
  secret: string;
  otpauthUri: string;
  /** The otpauth URI as a QR code: an SVG `data:` URL. */
  qrCode: string;
}

/**
 * Starts set-up with a new secret (a set-up started before and never confirmed is replaced). The
 * secret is shown this once; it is stored encrypted and switched on only by confirmSecondFactorSetup.
 */
export async function startSecondFactorSetup(deps: AppDeps, admin: AdminAuth): Promise<SecondFactorSetup> {
  const username = (await findAdminUsername(deps.db, admin.accountId)) ?? 'admin';
  const secret = new Secret({ size: 20 }).base32;
  const stored = await savePendingSecret(deps.db, admin.accountId, encryptTotpSecret(deps.accessCodeKey, secret));
  if (!stored) {
    throw new AppError('CONFLICT', 'Two-factor sign-in is already on. Turn it off first to set it up again.');
  }
  const otpauthUri = new TOTP({
    issuer: ISSUER,
    label: username,
    secret: Secret.fromBase32(secret),
    digits: TOTP_DIGITS,
    period: PERIOD_SECONDS,
  }).toString();
  // Loaded here, the one place it is used (issue 26's idle memory, decision 0176).
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * Confirms set-up with a first code: the second factor is on, and 10 recovery codes are made and
 * returned this once (only their hashes are kept). The audit line is written in the same transaction.
 */
export async function confirmSecondFactorSetup(
  deps: AppDeps,
  admin: AdminAuth,
  code: string,
  address: string | null,
  now = Date.now(),
): Promise<{ recoveryCodes: string[] }> {
  const stored = await findSecondFactor(deps.db, admin.accountId);
  if (!stored) throw new AppError('BAD_REQUEST', 'Start the set-up first: no set-up is waiting for a code.');
  if (stored.enabledAt) throw new AppError('CONFLICT', 'Two-factor sign-in is already on.');
  const step = totpStep(decryptTotpSecret(deps.accessCodeKey, stored.secretEncrypted), code, now);
  if (step === null) throw new AppError('BAD_REQUEST', WRONG_SETUP_CODE);
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, generateRecoveryCode);
  await inTransaction(deps.db, async (trx) => {
    if (!(await acceptStep(trx, admin.accountId, step, true))) {
      throw new AppError('CONFLICT', 'That set-up was already confirmed or restarted. Please start again.');
    }
    await replaceRecoveryCodes(
      trx,
      admin.accountId,
      recoveryCodes.map((recoveryCode) => hashRecoveryCode(deps.accessCodeKey, recoveryCode)),
    );
    await recordAdminAction(trx, admin, 'admin.second-factor.enable', { target: `admin ${admin.accountId}`, address });
  });
  return { recoveryCodes };
}

/**
 * Switches the second factor off, with a current code (not one used before). Wrong codes count
 * against the sign-in limit of the admin's username, so a borrowed session cannot guess its way.
 */
export async function disableSecondFactor(
  deps: AppDeps,
  admin: AdminAuth,
  code: string,
  address: string | null,
  now = Date.now(),
): Promise<{ success: true }> {
  const stored = await findSecondFactor(deps.db, admin.accountId);
  if (!stored?.enabledAt) throw new AppError('CONFLICT', 'Two-factor sign-in is not on.');
  const username = (await findAdminUsername(deps.db, admin.accountId)) ?? `admin ${admin.accountId}`;
  const slot = await deps.rateLimits.signInPerAccount.reserve(username.toLowerCase());
  const step = totpStep(decryptTotpSecret(deps.accessCodeKey, stored.secretEncrypted), code, now);
  const done = await inTransaction(deps.db, async (trx) => {
    if (step === null || !(await acceptStep(trx, admin.accountId, step))) return false;
    await deleteSecondFactor(trx, admin.accountId);
    await recordAdminAction(trx, admin, 'admin.second-factor.disable', { target: `admin ${admin.accountId}`, address });
    return true;
  });
  if (!done) throw new AppError('BAD_REQUEST', WRONG_SETUP_CODE);
  await slot.release();
  return { success: true };
}

/** A pending sign-in for an admin whose password was right (docs/product.md#admin-second-factor). */
export function createPendingSignIn(deps: AppDeps, accountId: number, now = Date.now()): string {
  return signPendingSignIn(deps.accessCodeKey, accountId, now + PENDING_SIGN_IN_MS);
}

/** The admin account a genuine, unexpired pending sign-in names, with its username; null otherwise. */
export async function readPendingAdmin(
  deps: AppDeps,
  pendingToken: string,
  now = Date.now(),
): Promise<{ accountId: number; username: string } | null> {
  const accountId = readPendingSignIn(deps.accessCodeKey, pendingToken, now);
  if (accountId === null) return null;
  const username = await findAdminUsername(deps.db, accountId);
  return username === undefined ? null : { accountId, username };
}

/**
 * Checks the sign-in's second factor: a 6-digit code (within the drift, never one used before) or
 * an unused recovery code, which is used up (with an audit line in the same transaction).
 */
export async function verifySignInSecondFactor(
  deps: AppDeps,
  accountId: number,
  code: string,
  address: string | null,
  now = Date.now(),
): Promise<boolean> {
  const stored = await findSecondFactor(deps.db, accountId);
  if (!stored?.enabledAt) return false;
  if (looksLikeTotpCode(code)) {
    const step = totpStep(decryptTotpSecret(deps.accessCodeKey, stored.secretEncrypted), code, now);
    return step !== null && acceptStep(deps.db, accountId, step);
  }
  return inTransaction(deps.db, async (trx) => {
    if (!(await useRecoveryCode(trx, accountId, hashRecoveryCode(deps.accessCodeKey, code)))) return false;
    await recordAdminAction(trx, actingAdmin(accountId), 'admin.second-factor.recovery-code-used', {
      target: `admin ${accountId}`,
      address,
    });
    return true;
  });
}

/**
 * `npm run admin:disable-2fa`: switches the second factor off for a locked-out administrator and
 * ends their sessions. False when it was not on.
 */
export async function disableSecondFactorByCommand(deps: AppDeps, username: string): Promise<boolean> {
  const admin = await findAdminByUsername(deps.db, username);
  if (!admin) throw new AppError('NOT_FOUND', `No administrator named ${username}.`);
  return inTransaction(deps.db, async (trx) => {
    const wasOn = await deleteSecondFactor(trx, admin.id);
    if (!wasOn) return false;
    await deleteSessionsOfAccount(trx, admin.id);
    await recordAdminAction(trx, actingAdmin(admin.id), 'admin.second-factor.disable', {
      target: `admin ${admin.id} (npm run admin:disable-2fa)`,
      address: null,
    });
    return true;
  });
}
