import type { AppDeps } from '../../deps/app-deps';
import { clearDatabaseLimit, SIGN_IN_ACCOUNT_LIMITER } from '../../deps/rate-limiter';
import { nowIso } from '../../db/client';
import { generatePassword, hashSecret } from './passwords';

/**
 * Creates the administrator named by ADMIN_USERNAME when it does not exist yet
 * (docs/product.md#the-administrator). Without ADMIN_PASSWORD a random password is generated and
 * printed once, straight to stdout and not through the logger (which never carries secrets). An
 * existing admin is left as it is; `npm run admin:reset-password` changes its password.
 */
export async function ensureAdmin(deps: AppDeps, print: (line: string) => void): Promise<void> {
  const { db, config } = deps;
  const existing = await db
    .selectFrom('accounts')
    .select('id')
    .where('role', '=', 'admin')
    .where('username', '=', config.adminUsername)
    .executeTakeFirst();
  if (existing) return;
  const password = config.adminPassword ?? generatePassword();
  await db
    .insertInto('accounts')
    .values({
      role: 'admin',
      couple_id: null,
      username: config.adminUsername,
      email: null,
      password_hash: await hashSecret(password, config.passwordHashing.scrypt),
      access_code_hash: null,
      created_at: nowIso(),
    })
    .execute();
  if (!config.adminPassword) {
    print(
      [
        '',
        '==================================================================',
        ` Administrator account created: ${config.adminUsername}`,
        ` Generated password (shown only this once): ${password}`,
        ' Sign in at /admin-login. Change it with `npm run admin:reset-password`.',
        '==================================================================',
        '',
      ].join('\n'),
    );
  }
}

/**
 * `npm run admin:reset-password`: the new password; every session ends, every device the account
 * knew is forgotten, and the pause of new devices after failed sign-ins (decision 0201) is lifted,
 * whichever process counted it: the limit is kept in the database.
 */
export async function setAdminPassword(deps: AppDeps, username: string, password: string): Promise<boolean> {
  const result = await deps.db
    .updateTable('accounts')
    .set({ password_hash: await hashSecret(password, deps.config.passwordHashing.scrypt) })
    .where('role', '=', 'admin')
    .where('username', '=', username)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return false;
  // Signing in again everywhere is the point of a reset.
  await deps.db
    .deleteFrom('sessions')
    .where('account_id', 'in', deps.db.selectFrom('accounts').select('id').where('username', '=', username))
    .execute();
  await deps.db
    .deleteFrom('device_tokens')
    .where('account_id', 'in', deps.db.selectFrom('accounts').select('id').where('username', '=', username))
    .execute();
  await clearDatabaseLimit(deps.db, SIGN_IN_ACCOUNT_LIMITER, username.toLowerCase());
  return true;
}
