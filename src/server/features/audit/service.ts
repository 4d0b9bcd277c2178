import type { DB } from '../../db/client';
import type { AdminAuth } from '../auth/access';
import {
  type AdminActionEntry,
  type AdminActionRow,
  insertAdminAction,
  insertFacilitatorAction,
  insertSystemAction,
  listAdminActions,
} from './repo';
import type { AuditAction } from '../../../shared/audit-actions';

export type { AdminActionRow };

/**
 * Records an administrator's action (docs/product.md#admin-audit-log). Call it inside the same
 * transaction as the change, so the log never claims an action that was rolled back.
 */
export async function recordAdminAction(
  db: DB,
  admin: AdminAuth,
  action: AuditAction,
  details: Pick<AdminActionEntry, 'target' | 'address'> = {},
): Promise<void> {
  await insertAdminAction(db, { actorAccountId: admin.accountId, action, ...details });
}

/** Records something the app did by itself (actor `system`), in the caller's transaction. */
export async function recordSystemAction(
  db: DB,
  action: AuditAction,
  details: Pick<AdminActionEntry, 'target' | 'address'> = {},
): Promise<void> {
  await insertSystemAction(db, { action, ...details });
}

/** Records a facilitator's own action (actor: their name and id), in the caller's transaction. */
export async function recordFacilitatorAction(
  db: DB,
  facilitatorId: number,
  action: AuditAction,
  details: Pick<AdminActionEntry, 'target' | 'address'> = {},
): Promise<void> {
  await insertFacilitatorAction(db, { facilitatorId, action, ...details });
}

/** The audit log, newest first. */
export async function listRecentAdminActions(
  db: DB,
  page: { limit: number; offset: number },
): Promise<AdminActionRow[]> {
  return listAdminActions(db, page);
}
