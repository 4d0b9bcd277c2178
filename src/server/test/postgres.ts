import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { TEMPLATE_DATABASE, withDatabase } from './postgres-global-setup';

let admin: Promise<pg.Client> | undefined;
let sequence = 0;
/** Databases made since the current test file started (the guard in src/server/test/setup.ts). */
export const databasesMade = { count: 0 };

/** Whether this test run is the `server-pg` project's (the server suite on PostgreSQL). */
export function onPostgres(): boolean {
  return Boolean(inject('postgresUrl'));
}

/**
 * A fresh database of its own for one test app on the `server-pg` project's server, copied from the
 * migrated template (`empty`: with no tables at all); drop() removes it. Undefined on the SQLite
 * projects.
 */
export async function createTestDatabase({
  empty = false,
} = {}): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const serverUrl = inject('postgresUrl');
  if (!serverUrl) return undefined;
  admin ??= (async () => {
    const client = new pg.Client(serverUrl);
    await client.connect();
    return client;
  })();
  const client = await admin;
  sequence += 1;
  databasesMade.count += 1;
  // The random part keeps names apart where the process and the counter are not enough: a worker
  // that imports this module afresh counts from 1 again, and process ids come round again.
  const name = `test_${process.pid}_${sequence}_${randomBytes(4).toString('hex')}`;
  await client.query(empty ? `create database ${name}` : `create database ${name} template ${TEMPLATE_DATABASE}`);
  return {
    url: withDatabase(serverUrl, name),
    drop: async () => {
      await client.query(`drop database if exists ${name} with (force)`);
    },
  };
}
