import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../../src/server/db/dialect';

/**
 * On PostgreSQL, a notice on the channel `vows_auth_changes` after every transaction that changes
 * sessions, accounts or couples, whoever runs it (another app process, the order command, psql):
 * the tables a session's answer is read from. Each app process listens and forgets the sessions it
 * remembers (decision 0181). Notices of one transaction are delivered once, after it commits.
 * Nothing on SQLite, where `pragma data_version` tells the same (decision 0064).
 */
const TABLES = ['sessions', 'accounts', 'couples'];

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create function notify_auth_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('vows_auth_changes', '');
      return null;
    end $$
  `.execute(db);
  for (const table of TABLES) {
    await sql`
      create trigger ${sql.raw(`${table}_auth_change`)} after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function notify_auth_change()
    `.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of TABLES) {
    await sql`drop trigger if exists ${sql.raw(`${table}_auth_change`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function if exists notify_auth_change`.execute(db);
}
