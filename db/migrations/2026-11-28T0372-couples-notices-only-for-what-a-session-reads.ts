import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../../src/server/db/dialect';

/**
 * On PostgreSQL, a change to `couples` sends the session memory's notice (2026-11-24T0200) only when
 * it can change a session's answer (decision 0372): a row added or removed, or an update naming the
 * columns a session reads (`id`, `access_level`, `private_answers`). A couple's profile (names,
 * wedding date, time zone), saved far more often, no longer makes every app process forget every
 * session it remembers. The trigger that names the columns keeps the old name. Nothing on SQLite.
 */
const SESSION_COLUMNS = sql.raw('id, access_level, private_answers');

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger couples_auth_change on couples`.execute(db);
  await sql`
    create trigger couples_auth_change after update of ${SESSION_COLUMNS} on couples
    for each statement execute function notify_auth_change()
  `.execute(db);
  await sql`
    create trigger couples_rows_auth_change after insert or delete or truncate on couples
    for each statement execute function notify_auth_change()
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger couples_rows_auth_change on couples`.execute(db);
  await sql`drop trigger couples_auth_change on couples`.execute(db);
  await sql`
    create trigger couples_auth_change after insert or update or delete or truncate on couples
    for each statement execute function notify_auth_change()
  `.execute(db);
}
