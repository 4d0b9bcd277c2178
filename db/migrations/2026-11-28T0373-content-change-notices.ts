import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../../src/server/db/dialect';

/**
 * On PostgreSQL, a notice on the session memory's channel (`vows_auth_changes`, 2026-11-24T0200),
 * with the payload `content`, after every transaction that changes what every couple reads alike:
 * the published site pages, the uploaded frameworks, the course weeks, the certificate's provider.
 * Each app process keeps those reads in memory and forgets them on the notice (decision 0373).
 * Nothing on SQLite, where `pragma data_version` tells the same (decision 0064).
 */
const TABLES = ['site_pages', 'frameworks', 'week_contents', 'certificate_provider'];

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create function notify_content_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('vows_auth_changes', 'content');
      return null;
    end $$
  `.execute(db);
  for (const table of TABLES) {
    await sql`
      create trigger ${sql.raw(`${table}_content_change`)} after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function notify_content_change()
    `.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of TABLES) {
    await sql`drop trigger if exists ${sql.raw(`${table}_content_change`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function if exists notify_content_change`.execute(db);
}
