import type { Kysely } from 'kysely';

/**
 * course_time loses `last_beat_at`: since decision 0329 each partner's last accepted heartbeat is
 * course_beats', and nothing reads this column (the app stopped writing it in the same release).
 * SQLite drops a column in place (3.35 and later; the column is in no index, key or check).
 * Several processes on PostgreSQL are upgraded together (docs/deploying.md): a process of the
 * previous version still running after this would fail its heartbeats until it is replaced.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('course_time').dropColumn('last_beat_at').execute();
}

/** The column comes back empty (null: "before the first heartbeat", which nothing reads). */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('course_time').addColumn('last_beat_at', 'integer').execute();
}
