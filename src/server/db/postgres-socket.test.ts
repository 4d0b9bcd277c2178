import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../test/postgres';
import { withDatabase } from '../test/postgres-global-setup';
import { openPostgres } from './postgres';

/**
 * docs/postgresql-and-s3.md's form for a PostgreSQL server on the app's own machine (decision 0197): DATABASE_URL
 * names the folder of the server's Unix socket in `host`. The pool and the listening connection of
 * the session memory (decision 0181) both connect through it.
 */
describe.runIf(Boolean(inject('postgresSocketUrl')))('PostgreSQL through its Unix socket', () => {
  it('runs queries and listens for changes through the socket', async () => {
    const database = (await createTestDatabase())!;
    const name = new URL(database.url).pathname.slice(1);
    const handle = await openPostgres(withDatabase(inject('postgresSocketUrl'), name), { poolSize: 1 });
    try {
      const { rows } = await sql<{ overSocket: boolean }>`select inet_server_addr() is null as "overSocket"`.execute(
        handle.db,
      );
      expect(rows).toEqual([{ overSocket: true }]);
      // Trusted only while its listening connection is up (ChangeTracking).
      const mark = handle.changes!.mark();
      expect(handle.changes!.unchangedSince(mark)).toBe(true);
    } finally {
      await handle.db.destroy();
      await database.drop();
    }
  });
});
