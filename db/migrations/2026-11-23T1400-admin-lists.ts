import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../../src/server/db/dialect';

/**
 * The back office's lists of orders and couples, fast with 100,000 of each (decision 0146):
 *
 * - orders: newest first (`created_at, id`), by status, and searched by the prefix of the order
 *   id, the email, the last name or the full name ("first last", lower-cased).
 * - couples: newest first, by access level, by last activity, and searched by the
 *   prefix of either name (lower-cased); emails and usernames are searched through the accounts'
 *   own unique indexes.
 * - couples.last_active_at (decision 0147): the couple's latest sign-in or saved progress or
 *   workbook answer, kept by triggers in the same write, so the list reads one indexed column
 *   instead of the newest row of three per-couple tables. Filled in from the existing rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_created').on('orders').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('orders_status_created').on('orders').columns(['status', 'created_at', 'id']).execute();
  await sql`create index orders_last_name_search on orders (lower(last_name))`.execute(db);
  await sql`create index orders_full_name_search on orders (lower(first_name || ' ' || last_name))`.execute(db);

  await db.schema.alterTable('couples').addColumn('last_active_at', 'text').execute();
  await sql`create index couples_display_name_search on couples (lower(display_name))`.execute(db);
  await sql`create index couples_partner_name_search on couples (lower(partner_name))`.execute(db);
  await db.schema.createIndex('couples_created').on('couples').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('couples_access_level')
    .on('couples')
    .columns(['access_level', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('couples_last_active').on('couples').columns(['last_active_at', 'id']).execute();

  await sql`
    update couples set last_active_at = (
      select max(at) from (
        select max(sessions.created_at) as at from sessions
          join accounts on accounts.id = sessions.account_id
          where accounts.couple_id = couples.id
        union all select max(updated_at) from progress where progress.couple_id = couples.id
        union all select max(updated_at) from workbook_responses where workbook_responses.couple_id = couples.id
      ) as latest
    )
  `.execute(db);

  if (isPostgres(db)) {
    await activityTriggersOnPostgres(db);
    return;
  }

  // A sign-in (a new session) of one of the couple's accounts; an admin's session names no couple.
  await sql`
    create trigger couples_active_on_sign_in after insert on sessions
    begin
      update couples set last_active_at = new.created_at
        where id = (select couple_id from accounts where id = new.account_id)
          and (last_active_at is null or last_active_at < new.created_at);
    end
  `.execute(db);
  for (const table of ['progress', 'workbook_responses']) {
    for (const event of ['insert', 'update']) {
      await sql`
        create trigger ${sql.raw(`couples_active_on_${table}_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
        begin
          update couples set last_active_at = new.updated_at
            where id = new.couple_id and (last_active_at is null or last_active_at < new.updated_at);
        end
      `.execute(db);
    }
  }
}

/** The same three triggers in PostgreSQL's form: one trigger function each, per row. */
async function activityTriggersOnPostgres(db: Kysely<any>): Promise<void> {
  await sql`
    create function couples_active_on_sign_in() returns trigger language plpgsql as $$
    begin
      update couples set last_active_at = new.created_at
        where id = (select couple_id from accounts where id = new.account_id)
          and (last_active_at is null or last_active_at < new.created_at);
      return null;
    end $$
  `.execute(db);
  await sql`
    create trigger couples_active_on_sign_in after insert on sessions
    for each row execute function couples_active_on_sign_in()
  `.execute(db);
  await sql`
    create function couples_active_on_change() returns trigger language plpgsql as $$
    begin
      update couples set last_active_at = new.updated_at
        where id = new.couple_id and (last_active_at is null or last_active_at < new.updated_at);
      return null;
    end $$
  `.execute(db);
  for (const table of ['progress', 'workbook_responses']) {
    await sql`
      create trigger ${sql.raw(`couples_active_on_${table}`)} after insert or update on ${sql.table(table)}
      for each row execute function couples_active_on_change()
    `.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const table of ['sessions', 'progress', 'workbook_responses']) {
      const trigger = table === 'sessions' ? 'couples_active_on_sign_in' : `couples_active_on_${table}`;
      await sql`drop trigger if exists ${sql.raw(trigger)} on ${sql.table(table)}`.execute(db);
    }
    await sql`drop function if exists couples_active_on_sign_in`.execute(db);
    await sql`drop function if exists couples_active_on_change`.execute(db);
  }
  for (const trigger of [
    'couples_active_on_sign_in',
    'couples_active_on_progress_insert',
    'couples_active_on_progress_update',
    'couples_active_on_workbook_responses_insert',
    'couples_active_on_workbook_responses_update',
  ]) {
    if (!isPostgres(db)) await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
  }
  for (const index of [
    'couples_last_active',
    'couples_access_level',
    'couples_created',
    'couples_partner_name_search',
    'couples_display_name_search',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.alterTable('couples').dropColumn('last_active_at').execute();
  for (const index of [
    'orders_full_name_search',
    'orders_last_name_search',
    'orders_status_created',
    'orders_created',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
}
