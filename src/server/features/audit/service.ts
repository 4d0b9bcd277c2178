import type { DB } from '../../db/client';
import type { AdminAuth } from '../auth/access';
import { type AdminActionEntry, type AdminActionRow, insertAdminAction, listAdminActions } from './repo';

export type { AdminActionRow };

/**
 * Records an administrator's action (docs/product.md#admin-audit-log). Call it inside the same
 * transaction as the change, so the log never claims an action that was rolled back.
 */
export async function recordAdminAction(
  db: DB,
  admin: AdminAuth,
  action: string,
  details: Pick<AdminActionEntry, 'target' | 'address'> = {},
): Promise<void> {
  await insertAdminAction(db, { actorAccountId: admin.accountId, action, ...details });
}

/** The audit log, newest first. */
export async function listRecentAdminActions(
  db: DB,
  page: { limit: number; offset: number },
): Promise<AdminActionRow[]> {
  return listAdminActions(db, page);
}
