import { type Kysely, sql } from 'kysely';

/**
 * Premarital-education certificates (issue 37, docs/certificates.md, decisions 0245-0249).
 *
 * - course_time: each partner's active time on a week's material and workbook, counted from the
 *   browser's heartbeats (decision 0245). `who` is 'partner1', 'partner2' or 'together' (both at
 *   one device); `last_beat_at` is the last accepted heartbeat (epoch milliseconds), so the server
 *   credits at most the time elapsed since it.
 * - offline_time: time the couple reports for a week's offline conversation and activity, one row
 *   an entry, 'together' when both did it.
 * - certificate_names: each partner's legal name, entered by the partner themselves.
 * - certificate_provider: the seller's provider settings, one row (id 1).
 * - certificates: issued certificates, the provider's record: a snapshot of everything printed,
 *   kept (couple_id set to null) when the couple deletes their account, so a clerk can still verify.
 */
const WHO = sql`who in ('partner1', 'partner2', 'together')`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('course_time')
    .addColumn('couple_id', 'integer', (c) => c.notNull().references('couples.id').onDelete('cascade'))
    .addColumn('week_number', 'integer', (c) => c.notNull().check(sql`week_number between 1 and 52`))
    .addColumn('who', 'text', (c) => c.notNull().check(WHO))
    .addColumn('active_seconds', 'integer', (c) => c.notNull().defaultTo(0).check(sql`active_seconds >= 0`))
    .addColumn('last_beat_at', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('course_time_pk', ['couple_id', 'week_number', 'who'])
    .execute();

  await db.schema
    .createTable('offline_time')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('couple_id', 'integer', (c) => c.notNull().references('couples.id').onDelete('cascade'))
    .addColumn('week_number', 'integer', (c) => c.notNull().check(sql`week_number between 1 and 52`))
    .addColumn('who', 'text', (c) => c.notNull().check(WHO))
    .addColumn('minutes', 'integer', (c) => c.notNull().check(sql`minutes between 1 and 600`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('offline_time_couple').on('offline_time').columns(['couple_id', 'week_number']).execute();

  await db.schema
    .createTable('certificate_names')
    .addColumn('couple_id', 'integer', (c) => c.notNull().references('couples.id').onDelete('cascade'))
    .addColumn('partner', 'text', (c) => c.notNull().check(sql`partner in ('partner1', 'partner2')`))
    .addColumn('legal_name', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('certificate_names_pk', ['couple_id', 'partner'])
    .execute();

  await db.schema
    .createTable('certificate_provider')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('provider_name', 'text', (c) => c.notNull())
    .addColumn('credentials', 'text', (c) => c.notNull())
    .addColumn('contact', 'text', (c) => c.notNull())
    .addColumn('course_name', 'text', (c) => c.notNull())
    .addColumn('delivery_method', 'text', (c) => c.notNull())
    /** JSON: the state codes the seller offers certificates for, e.g. ["FL","TX"]. */
    .addColumn('offered_states', 'text', (c) => c.notNull())
    /** JSON: the seller's registration number per state code, e.g. {"FL":"FL-123"}. */
    .addColumn('registrations', 'text', (c) => c.notNull())
    /** The signature image (PNG or JPEG, at most 100 KB), base64; null: none. */
    .addColumn('signature_image', 'text')
    .addColumn('signature_type', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('certificates')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('couple_id', 'integer', (c) => c.references('couples.id').onDelete('set null'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('first_legal_name', 'text', (c) => c.notNull())
    .addColumn('second_legal_name', 'text', (c) => c.notNull())
    /** Lower-cased names, for the back office's search. */
    .addColumn('search_names', 'text', (c) => c.notNull())
    .addColumn('intended_marriage_date', 'text', (c) => c.notNull())
    .addColumn('completion_date', 'text', (c) => c.notNull())
    .addColumn('first_minutes', 'integer', (c) => c.notNull())
    .addColumn('second_minutes', 'integer', (c) => c.notNull())
    .addColumn('together_minutes', 'integer', (c) => c.notNull())
    .addColumn('delivery_method', 'text', (c) => c.notNull())
    .addColumn('course_name', 'text', (c) => c.notNull())
    .addColumn('provider_name', 'text', (c) => c.notNull())
    .addColumn('provider_credentials', 'text', (c) => c.notNull())
    .addColumn('provider_registration', 'text', (c) => c.notNull())
    .addColumn('provider_contact', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_reason', 'text')
    .execute();
  await db.schema.createIndex('certificates_couple').on('certificates').columns(['couple_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('certificates').execute();
  await db.schema.dropTable('certificate_provider').execute();
  await db.schema.dropTable('certificate_names').execute();
  await db.schema.dropTable('offline_time').execute();
  await db.schema.dropTable('course_time').execute();
}
