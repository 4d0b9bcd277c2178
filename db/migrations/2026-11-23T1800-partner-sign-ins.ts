import { type Kysely, sql } from 'kysely';

/**
 * Each partner signs in as themselves; private answers are sealed until both share
 * (docs/product.md#partner-sign-ins, decisions 0160-0163).
 *
 * - accounts.partner: null for the couple's original sign-in (shared device, either partner in
 *   turn; bound to partner1 once private answers are on), 'partner1' or 'partner2' for a personal
 *   sign-in made by accepting an invite. A personal sign-in is an ordinary couple account (its own
 *   email and personal access code, the same sessions), so signing in is unchanged.
 * - partner_invites: an invite to the other partner, its code stored only as a keyed hash (like an
 *   access code), valid 7 days, used once; revoked invites stay for the record.
 * - couples.private_answers: 1 when each partner's answers are sealed from the other until both
 *   have shared the week.
 * - week_shares: one row per partner who marked a week's answers as shared; `notice_seen_at` is
 *   when the partner who shared first saw the notice that the other has shared too.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('partner', 'text', (c) => c.check(sql`partner in ('partner1', 'partner2')`))
    .execute();
  // At most one personal sign-in per partner of a couple.
  await db.schema
    .createIndex('accounts_couple_partner')
    .unique()
    .on('accounts')
    .columns(['couple_id', 'partner'])
    .where(sql.ref('partner'), 'is not', null)
    .execute();

  await db.schema
    .createTable('partner_invites')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('couple_id', 'integer', (c) => c.notNull().references('couples.id').onDelete('cascade'))
    .addColumn('partner', 'text', (c) => c.notNull().check(sql`partner in ('partner1', 'partner2')`))
    .addColumn('email', 'text')
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('partner_invites_couple').on('partner_invites').columns(['couple_id', 'id']).execute();

  await db.schema
    .alterTable('couples')
    .addColumn('private_answers', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('week_shares')
    .addColumn('couple_id', 'integer', (c) => c.notNull().references('couples.id').onDelete('cascade'))
    .addColumn('week_number', 'integer', (c) => c.notNull().check(sql`week_number between 1 and 52`))
    .addColumn('partner', 'text', (c) => c.notNull().check(sql`partner in ('partner1', 'partner2')`))
    .addColumn('shared_at', 'text', (c) => c.notNull())
    .addColumn('notice_seen_at', 'text')
    .addPrimaryKeyConstraint('week_shares_pk', ['couple_id', 'week_number', 'partner'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('week_shares').execute();
  await db.schema.alterTable('couples').dropColumn('private_answers').execute();
  await db.schema.dropTable('partner_invites').execute();
  await db.schema.dropIndex('accounts_couple_partner').execute();
  await db.schema.alterTable('accounts').dropColumn('partner').execute();
}
