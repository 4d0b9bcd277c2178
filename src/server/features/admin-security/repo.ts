import { nowIso, type DB } from '../../db/client';

/** The SQL of the administrator's second factor (docs/product.md#admin-second-factor). */

export interface StoredSecondFactor {
  secretEncrypted: string;
  enabledAt: string | null;
  lastUsedStep: number | null;
}

export async function findSecondFactor(db: DB, accountId: number): Promise<StoredSecondFactor | undefined> {
  return db
    .selectFrom('admin_second_factor')
    .select(['secret_encrypted as secretEncrypted', 'enabled_at as enabledAt', 'last_used_step as lastUsedStep'])
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

/** Starts (or restarts) set-up with a new secret; only while the second factor is not on. */
export async function savePendingSecret(db: DB, accountId: number, secretEncrypted: string): Promise<boolean> {
  const result = await db
    .insertInto('admin_second_factor')
    .values({ account_id: accountId, secret_encrypted: secretEncrypted, created_at: nowIso() })
    .onConflict((oc) =>
      oc
        .column('account_id')
        .doUpdateSet({ secret_encrypted: secretEncrypted, last_used_step: null, created_at: nowIso() })
        .where('admin_second_factor.enabled_at', 'is', null),
    )
    .executeTakeFirst();
  return result.numInsertedOrUpdatedRows === 1n;
}

/**
 * Records that a code of time step `step` was accepted, only if no code of this step or a later
 * one was accepted before: the replay guard, in one statement, so two requests with the same code
 * cannot both pass. With `enable`, the second factor is switched on at the same time.
 */
export async function acceptStep(db: DB, accountId: number, step: number, enable = false): Promise<boolean> {
  const result = await db
    .updateTable('admin_second_factor')
    .set({ last_used_step: step, ...(enable ? { enabled_at: nowIso() } : {}) })
    .where('account_id', '=', accountId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .where('enabled_at', enable ? 'is' : 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Replaces the account's recovery codes with these hashes. */
export async function replaceRecoveryCodes(db: DB, accountId: number, codeHashes: string[]): Promise<void> {
  await db.deleteFrom('admin_recovery_codes').where('account_id', '=', accountId).execute();
  await db
    .insertInto('admin_recovery_codes')
    .values(codeHashes.map((codeHash) => ({ account_id: accountId, code_hash: codeHash, used_at: null })))
    .execute();
}

/** Uses one recovery code: true only the first time (it is marked used in the same statement). */
export async function useRecoveryCode(db: DB, accountId: number, codeHash: string): Promise<boolean> {
  const result = await db
    .updateTable('admin_recovery_codes')
    .set({ used_at: nowIso() })
    .where('account_id', '=', accountId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows >= 1n;
}

export async function countUnusedRecoveryCodes(db: DB, accountId: number): Promise<number> {
  const row = await db
    .selectFrom('admin_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Switches the second factor off: the secret and every recovery code go. */
export async function deleteSecondFactor(db: DB, accountId: number): Promise<boolean> {
  await db.deleteFrom('admin_recovery_codes').where('account_id', '=', accountId).execute();
  const result = await db.deleteFrom('admin_second_factor').where('account_id', '=', accountId).executeTakeFirst();
  return result.numDeletedRows === 1n;
}

export async function findAdminByUsername(db: DB, username: string): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('accounts')
    .select('id')
    .where('role', '=', 'admin')
    .where('username', '=', username)
    .executeTakeFirst();
}

export async function findAdminUsername(db: DB, accountId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('accounts')
    .select('username')
    .where('id', '=', accountId)
    .where('role', '=', 'admin')
    .executeTakeFirst();
  return row?.username ?? undefined;
}
