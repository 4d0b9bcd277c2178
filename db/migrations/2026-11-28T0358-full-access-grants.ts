import type { Kysely } from 'kysely';

/**
 * The seller's grant of full access from the back office is a fact on the couple (decision 0358):
 * when it was given (`access_granted_at`) and by whom (`access_granted_by`, the administrator's
 * username then, as the audit log names them). A refund of an order, or of a seat pack with "end
 * their access", leaves a granted couple their full access. Until now the grant was only a line of
 * the audit log (`couple.grant-full-access` on `couple <id>`): each couple who has full access now
 * and has such a line gets its newest one here. A couple a refund already took back to the trial is
 * left there (the seller can grant again on the couple's page). Null for every other couple.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('couples').addColumn('access_granted_at', 'text').execute();
  await db.schema.alterTable('couples').addColumn('access_granted_by', 'text').execute();
  const lines: { target: string | null; actor: string; createdAt: string }[] = await db
    .selectFrom('admin_audit_log')
    .select(['target', 'actor_username as actor', 'created_at as createdAt'])
    .where('action', '=', 'couple.grant-full-access')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  // Oldest first: the newest line of each couple is the one kept.
  const newest = new Map<number, { actor: string; createdAt: string }>();
  for (const line of lines) {
    const id = /^couple (\d+)$/.exec(line.target ?? '')?.[1];
    if (id !== undefined) newest.set(Number(id), line);
  }
  for (const [coupleId, grant] of newest) {
    await db
      .updateTable('couples')
      .set({ access_granted_at: grant.createdAt, access_granted_by: grant.actor })
      .where('id', '=', coupleId)
      .where('access_level', '=', 'full')
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('couples').dropColumn('access_granted_by').execute();
  await db.schema.alterTable('couples').dropColumn('access_granted_at').execute();
}
