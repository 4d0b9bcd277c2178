import { type Kysely, sql } from 'kysely';

/**
 * "What we each expect", the expectations inventory (issue 41, decisions 0235-0237).
 *
 * - inventory_topics: the current statements of each topic (the JSON of the shared topic schema:
 *   titles, weeks and statements in English and Spanish), `default` or `edited` by the seller. The
 *   bundled statements.json is the default, stored by a start-up step as the weeks are (0125).
 * - inventory_rounds: one take of the inventory by a couple (a retake is a new round); each
 *   partner's finish time, `revealed_at` once both have finished, and `topic_talk` (JSON: per topic,
 *   how many statements the two differ on by two or more) written then, for the seller's aggregate.
 * - inventory_answers: one partner's answer to one statement in a round: 1-5 (strongly disagree to
 *   strongly agree) or 0 for "not sure".
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('inventory_topics')
    .addColumn('topic_id', 'text', (c) => c.primaryKey())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('default', 'edited')`))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('inventory_rounds')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('couple_id', 'integer', (c) => c.notNull().references('couples.id').onDelete('cascade'))
    .addColumn('round_number', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('partner1_finished_at', 'text')
    .addColumn('partner2_finished_at', 'text')
    .addColumn('revealed_at', 'text')
    .addColumn('topic_talk', 'text')
    .execute();
  await db.schema
    .createIndex('inventory_rounds_couple')
    .unique()
    .on('inventory_rounds')
    .columns(['couple_id', 'round_number'])
    .execute();
  // The seller's aggregate reads only revealed rounds, through this index.
  await db.schema
    .createIndex('inventory_rounds_revealed')
    .on('inventory_rounds')
    .columns(['revealed_at', 'topic_talk'])
    .where(sql.ref('revealed_at'), 'is not', null)
    .execute();

  await db.schema
    .createTable('inventory_answers')
    .addColumn('round_id', 'integer', (c) => c.notNull().references('inventory_rounds.id').onDelete('cascade'))
    .addColumn('couple_id', 'integer', (c) => c.notNull().references('couples.id').onDelete('cascade'))
    .addColumn('partner', 'text', (c) => c.notNull().check(sql`partner in ('partner1', 'partner2')`))
    .addColumn('statement_id', 'text', (c) => c.notNull())
    .addColumn('answer', 'integer', (c) => c.notNull().check(sql`answer between 0 and 5`))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('inventory_answers_pk', ['round_id', 'partner', 'statement_id'])
    .execute();
  // The couple's foreign key (deleting a couple) finds its answers through this index.
  await db.schema.createIndex('inventory_answers_couple').on('inventory_answers').columns(['couple_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('inventory_answers').execute();
  await db.schema.dropTable('inventory_rounds').execute();
  await db.schema.dropTable('inventory_topics').execute();
}
