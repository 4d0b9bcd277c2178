import type { Kysely } from 'kysely';

/**
 * The gifts a couple opened, found by the couple: a deletion of the couple blanks what the gifts
 * hold of them (decision 0334) through this index, not by reading every gift.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('gifts_couple').on('gifts').column('couple_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('gifts_couple').execute();
}
