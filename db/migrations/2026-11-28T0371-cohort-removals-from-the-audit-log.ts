import type { Kysely } from 'kysely';

/**
 * The removals made before `cohort_removals` existed (decision 0360, amended): each was an audit line
 * `facilitator.remove-couple` on `couple <id> from cohort <id>`, and such a couple could join that
 * cohort again. Each removal there becomes a row, dated by its newest line, so it sticks as a new
 * one does. A couple linked to that cohort again today is left in it, and a cohort or couple
 * deleted since has nothing to keep.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const lines: { target: string | null; createdAt: string }[] = await db
    .selectFrom('admin_audit_log')
    .select(['target', 'created_at as createdAt'])
    .where('action', '=', 'facilitator.remove-couple')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  // Oldest first: the newest line of each cohort and couple dates the removal.
  const removals = new Map<string, { cohortId: number; coupleId: number; removedAt: string }>();
  for (const line of lines) {
    const ids = /^couple (\d+) from cohort (\d+)$/.exec(line.target ?? '');
    if (!ids) continue;
    const [coupleId, cohortId] = [Number(ids[1]), Number(ids[2])];
    removals.set(`${cohortId} ${coupleId}`, { cohortId, coupleId, removedAt: line.createdAt });
  }
  for (const { cohortId, coupleId, removedAt } of removals.values()) {
    const [cohort, couple, linkedAgain] = await Promise.all([
      db.selectFrom('cohorts').select('id').where('id', '=', cohortId).executeTakeFirst(),
      db.selectFrom('couples').select('id').where('id', '=', coupleId).executeTakeFirst(),
      db
        .selectFrom('facilitator_links')
        .select('couple_id')
        .where('couple_id', '=', coupleId)
        .where('cohort_id', '=', cohortId)
        .executeTakeFirst(),
    ]);
    if (!cohort || !couple || linkedAgain) continue;
    await db
      .insertInto('cohort_removals')
      .values({ cohort_id: cohortId, couple_id: coupleId, removed_at: removedAt })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
}

/** The rows stay: they cannot be told apart from removals made since. */
export async function down(): Promise<void> {}
