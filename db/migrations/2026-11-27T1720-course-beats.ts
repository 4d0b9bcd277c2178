import { type Kysely, sql } from 'kysely';

/**
 * course_beats: each partner's last accepted heartbeat (epoch milliseconds), whatever the week
 * (decision 0329). Online time is credited from it, so one stretch of wall-clock time counts once
 * for a partner: heartbeats for several weeks at once, or from two tabs, no longer each credit it.
 * A heartbeat "together" moves both partners' rows. course_time keeps the seconds per week and
 * owner; its `last_beat_at` is no longer read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('course_beats')
    .addColumn('couple_id', 'integer', (c) => c.notNull().references('couples.id').onDelete('cascade'))
    .addColumn('partner', 'text', (c) => c.notNull().check(sql`partner in ('partner1', 'partner2')`))
    .addColumn('last_beat_at', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('course_beats_pk', ['couple_id', 'partner'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('course_beats').execute();
}
