import type { Kysely } from 'kysely';

/**
 * The couples a facilitator removed from a cohort (decision 0360): a removed couple cannot join that
 * cohort again with any of its codes (its join code, or a seat code of one of its packs), even one
 * the facilitator has not replaced. One row per cohort and couple, removed with either (on delete
 * cascade). No removal before this is known: the link was deleted and nothing kept it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cohort_removals')
    .addColumn('cohort_id', 'integer', (c) => c.notNull().references('cohorts.id').onDelete('cascade'))
    .addColumn('couple_id', 'integer', (c) => c.notNull().references('couples.id').onDelete('cascade'))
    .addColumn('removed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cohort_removals_pk', ['cohort_id', 'couple_id'])
    .execute();
  await db.schema.createIndex('cohort_removals_couple').on('cohort_removals').column('couple_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cohort_removals').execute();
}
