import { sql } from 'kysely';
import { nowIso, type DB } from '../../db/client';

export interface AdminActionEntry {
  actorAccountId: number;
  /** What was done, as a verb phrase a seller reads in the log: `order.refund`, `couple.delete`. */
  action: string;
  /** The record acted on, e.g. `order pi_123` or `couple 42`; never a couple's private data. */
  target?: string | null;
  /** The request's address (req.ip), when the action came over HTTP. */
  address?: string | null;
}

/** Adds one line to the audit log, naming the actor by the username they have now. */
export async function insertAdminAction(db: DB, entry: AdminActionEntry): Promise<void> {
  await db
    .insertInto('admin_audit_log')
    .columns(['actor_account_id', 'actor_username', 'action', 'target', 'address', 'created_at'])
    .expression(
      db
        .selectFrom('accounts')
        .select([
          'accounts.id as actor_account_id',
          sql<string>`coalesce(accounts.username, accounts.email, 'account ' || accounts.id)`.as('actor_username'),
          sql<string>`${entry.action}`.as('action'),
          sql<string | null>`${entry.target ?? null}`.as('target'),
          sql<string | null>`${entry.address ?? null}`.as('address'),
          sql<string>`${nowIso()}`.as('created_at'),
        ])
        .where('accounts.id', '=', entry.actorAccountId),
    )
    .execute();
}

export interface AdminActionRow {
  id: number;
  actorUsername: string;
  action: string;
  target: string | null;
  address: string | null;
  createdAt: string;
}

/** The newest actions first, one page at a time (keyset on created_at, id). */
export async function listAdminActions(db: DB, options: { limit: number; offset: number }): Promise<AdminActionRow[]> {
  return db
    .selectFrom('admin_audit_log')
    .select(['id', 'actor_username as actorUsername', 'action', 'target', 'address', 'created_at as createdAt'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
}

/** The actor of a line the app itself writes (no administrator acted). */
export const SYSTEM_ACTOR = 'system';

/** Adds one line the app writes by itself, e.g. when an account's sign-ins from new devices pause. */
export async function insertSystemAction(db: DB, entry: Omit<AdminActionEntry, 'actorAccountId'>): Promise<void> {
  await db
    .insertInto('admin_audit_log')
    .values({
      actor_account_id: null,
      actor_username: SYSTEM_ACTOR,
      action: entry.action,
      target: entry.target ?? null,
      address: entry.address ?? null,
      created_at: nowIso(),
    })
    .execute();
}

/**
 * Adds one line a facilitator's own action writes (they have no account): the actor is named
 * `<name> (facilitator <id>)`, as they are now.
 */
export async function insertFacilitatorAction(
  db: DB,
  entry: Omit<AdminActionEntry, 'actorAccountId'> & { facilitatorId: number },
): Promise<void> {
  await db
    .insertInto('admin_audit_log')
    .columns(['actor_username', 'action', 'target', 'address', 'created_at'])
    .expression(
      db
        .selectFrom('facilitators')
        .select([
          sql<string>`facilitators.name || ' (facilitator ' || facilitators.id || ')'`.as('actor_username'),
          sql<string>`${entry.action}`.as('action'),
          sql<string | null>`${entry.target ?? null}`.as('target'),
          sql<string | null>`${entry.address ?? null}`.as('address'),
          sql<string>`${nowIso()}`.as('created_at'),
        ])
        .where('facilitators.id', '=', entry.facilitatorId),
    )
    .execute();
}
