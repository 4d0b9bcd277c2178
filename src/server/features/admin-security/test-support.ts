import { Secret, TOTP } from 'otpauth';
import { nowIso } from '../../db/client';
import type { AppDeps } from '../../deps/app-deps';
import { FAST_SCRYPT } from '../../test/harness';
import type { AdminAuth } from '../auth/access';
import { hashSecret } from '../auth/passwords';
import { confirmSecondFactorSetup, startSecondFactorSetup } from './service';

let sequence = 0;

/** The 6-digit code an authenticator app shows for `secret` at `timestamp`. */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp });
}

export function adminAuth(accountId: number): AdminAuth {
  return { kind: 'admin', accountId, sessionId: 0, expiresAt: Date.now() + 60_000 };
}

/** Another administrator account (password `second-admin-password`), so the configured one stays untouched. */
export async function createSecondAdmin(
  deps: AppDeps,
): Promise<{ accountId: number; username: string; password: string }> {
  sequence += 1;
  const username = `admin_two_${sequence}_${Date.now()}`;
  const password = 'second-admin-password';
  const row = await deps.db
    .insertInto('accounts')
    .values({
      role: 'admin',
      couple_id: null,
      username,
      email: null,
      password_hash: await hashSecret(password, FAST_SCRYPT),
      access_code_hash: null,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { accountId: row.id, username, password };
}

/**
 * An administrator with the second factor on (set up with a code of the previous time step), and
 * a code of the current step, not yet used, for signing in.
 */
export async function adminWithSecondFactor(
  deps: AppDeps,
  existing?: { accountId: number; username: string; password: string },
) {
  const admin = existing ?? (await createSecondAdmin(deps));
  const auth = adminAuth(admin.accountId);
  const { secret } = await startSecondFactorSetup(deps, auth);
  const { recoveryCodes } = await confirmSecondFactorSetup(deps, auth, totpCode(secret, Date.now() - 30_000), null);
  return { ...admin, secret, recoveryCodes, code: totpCode(secret) };
}
