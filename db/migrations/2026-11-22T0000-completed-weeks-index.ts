import type { Kysely } from 'kysely';

/**
 * A covering index of the completed weeks: every dashboard load and progression read lists them
 * (listCompletedWeeks). With only the primary key, SQLite found each week in the key's index and
 * then looked its row up in the table to test `completed_at`, one more b-tree descent per week;
 * this partial index holds exactly the completed rows and every column the read needs
 * (decision 0084).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('progress_completed_weeks')
    .on('progress')
    .columns(['couple_id', 'week_number', 'completed_at'])
    .where('completed_at', 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('progress_completed_weeks').execute();
}
