import { type Kysely, sql } from 'kysely';

/**
 * Facilitators, cohorts and seat packs (issue 38, decisions 0260-0264):
 * - organisations: who buys seats (a parish, a practice);
 * - facilitators: a counsellor, pastor or mentor couple the seller invited; their own sign-in
 *   (email + password, an optional TOTP second factor) kept apart from `accounts` (decision 0260);
 * - facilitator_sessions: their sessions (the `fsid` cookie), never valid for the couple or admin API;
 * - cohorts: a facilitator's group of couples, with the join code the facilitator hands out;
 * - facilitator_links: a couple's consent to one facilitator (one at a time); unlinking deletes it;
 * - seat_packs: N seats for an organisation, sold through Stripe or granted by hand; `seats_used`
 *   is raised by one conditional UPDATE, so the last seats go exactly once on both databases;
 * - seat_redemptions: which couple took a seat of which pack (one per couple and pack);
 * - mentor_shares: the weeks a couple chose to show their facilitator.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('organisations')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('facilitators')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('organisation_id', 'integer', (c) => c.references('organisations.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('counsellor', 'pastor', 'mentor_couple')`))
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('password_hash', 'text')
    .addColumn('invite_token_hash', 'text')
    .addColumn('invite_expires_at', 'integer')
    .addColumn('totp_secret_encrypted', 'text')
    .addColumn('totp_enabled_at', 'text')
    .addColumn('totp_last_step', 'integer')
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('facilitators_invite').on('facilitators').column('invite_token_hash').execute();
  await db.schema
    .createTable('facilitator_sessions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('facilitator_id', 'integer', (c) => c.notNull().references('facilitators.id').onDelete('cascade'))
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('facilitator_sessions_facilitator')
    .on('facilitator_sessions')
    .column('facilitator_id')
    .execute();
  await db.schema
    .createTable('cohorts')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('facilitator_id', 'integer', (c) => c.notNull().references('facilitators.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('join_code', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cohorts_facilitator').on('cohorts').column('facilitator_id').execute();
  await db.schema
    .createTable('seat_packs')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('organisation_id', 'integer', (c) => c.references('organisations.id').onDelete('set null'))
    .addColumn('facilitator_id', 'integer', (c) => c.notNull().references('facilitators.id').onDelete('cascade'))
    .addColumn('cohort_id', 'integer', (c) => c.notNull().references('cohorts.id').onDelete('cascade'))
    .addColumn('seats', 'integer', (c) => c.notNull())
    .addColumn('seats_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('stripe', 'manual')`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'active', 'refunded')`))
    .addColumn('amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addColumn('expires_on', 'text')
    .addColumn('paid_at', 'text')
    .addColumn('refunded_at', 'text')
    .addColumn('access_revoked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('seat_packs_seats_used', sql`seats_used >= 0 and seats_used <= seats`)
    .execute();
  await db.schema.createIndex('seat_packs_facilitator').on('seat_packs').column('facilitator_id').execute();
  await db.schema.createIndex('seat_packs_order').on('seat_packs').column('order_id').execute();
  await db.schema
    .createTable('facilitator_links')
    .addColumn('couple_id', 'integer', (c) => c.primaryKey().references('couples.id').onDelete('cascade'))
    .addColumn('facilitator_id', 'integer', (c) => c.notNull().references('facilitators.id').onDelete('cascade'))
    .addColumn('cohort_id', 'integer', (c) => c.notNull().references('cohorts.id').onDelete('cascade'))
    .addColumn('linked_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('facilitator_links_cohort').on('facilitator_links').column('cohort_id').execute();
  await db.schema
    .createIndex('facilitator_links_facilitator')
    .on('facilitator_links')
    .column('facilitator_id')
    .execute();
  await db.schema
    .createTable('seat_redemptions')
    .addColumn('pack_id', 'integer', (c) => c.notNull().references('seat_packs.id').onDelete('cascade'))
    .addColumn('couple_id', 'integer', (c) => c.notNull().references('couples.id').onDelete('cascade'))
    .addColumn('upgraded', 'integer', (c) => c.notNull())
    .addColumn('redeemed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('seat_redemptions_pk', ['pack_id', 'couple_id'])
    .execute();
  await db.schema.createIndex('seat_redemptions_couple').on('seat_redemptions').column('couple_id').execute();
  await db.schema
    .createTable('mentor_shares')
    .addColumn('couple_id', 'integer', (c) => c.notNull().references('couples.id').onDelete('cascade'))
    .addColumn('week_number', 'integer', (c) => c.notNull())
    .addColumn('shared_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('mentor_shares_pk', ['couple_id', 'week_number'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'mentor_shares',
    'seat_redemptions',
    'facilitator_links',
    'seat_packs',
    'cohorts',
    'facilitator_sessions',
    'facilitators',
    'organisations',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
