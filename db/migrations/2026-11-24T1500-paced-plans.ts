import { type Kysely, sql } from 'kysely';

/**
 * The plan paced to the wedding, pauses and the calendar feed (docs/product.md#paced-plan,
 * decisions 0250-0253).
 *
 * - couples.time_zone: the couple's IANA time zone (null: UTC), for the plan's days, the calendar
 *   feed's times and the reminders' "today".
 * - couple_plans: the plan a couple accepted (one row a couple): their choices (a finish date
 *   other than the wedding date, sessions a week, the core path; null: let the plan choose), the
 *   plan itself as JSON (its order and dated sessions), the pause (since, until a date or open),
 *   and the calendar feed's token as a keyed hash (null: no feed or revoked).
 * - couple_pauses: every pause, so the weekly streak skips the weeks a couple was on a break.
 * - core_weeks: the seller's marks in the content editor; a week without a row follows the
 *   shipped default set (shared/plan.ts DEFAULT_CORE_WEEKS).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('couples').addColumn('time_zone', 'text').execute();

  await db.schema
    .createTable('couple_plans')
    .addColumn('couple_id', 'integer', (c) => c.primaryKey().references('couples.id').onDelete('cascade'))
    .addColumn('finish_date', 'text')
    .addColumn('pace', 'integer', (c) => c.check(sql`pace in (1, 2, 3)`))
    .addColumn('core_path', 'integer', (c) => c.check(sql`core_path in (0, 1)`))
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text', (c) => c.notNull())
    .addColumn('paused_at', 'text')
    .addColumn('paused_until', 'text')
    .addColumn('calendar_token_hash', 'text', (c) => c.unique())
    .execute();
  // The back office's list of paused couples reads only the paused rows.
  await db.schema
    .createIndex('couple_plans_paused')
    .on('couple_plans')
    .column('paused_at')
    .where(sql.ref('paused_at'), 'is not', null)
    .execute();

  await db.schema
    .createTable('couple_pauses')
    .addColumn('couple_id', 'integer', (c) => c.notNull().references('couples.id').onDelete('cascade'))
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .addPrimaryKeyConstraint('couple_pauses_pk', ['couple_id', 'started_at'])
    .execute();

  await db.schema
    .createTable('core_weeks')
    .addColumn('week_number', 'integer', (c) => c.primaryKey().check(sql`week_number between 1 and 52`))
    .addColumn('core', 'integer', (c) => c.notNull().check(sql`core in (0, 1)`))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('core_weeks').execute();
  await db.schema.dropTable('couple_pauses').execute();
  await db.schema.dropTable('couple_plans').execute();
  await db.schema.alterTable('couples').dropColumn('time_zone').execute();
}
