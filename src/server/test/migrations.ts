import path from 'node:path';
import { onTestFinished } from 'vitest';
import { migrations } from '../../../db/migrations/index';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import { openPostgres } from '../db/postgres';
import { makeTempDir } from './harness';
import { createTestDatabase } from './postgres';

/**
 * A database as the migrations before `migration` left it, to test that data migration on: an empty
 * PostgreSQL database on the server-pg projects, else a SQLite file. Closed (and dropped) when the
 * test ends. `migrateToLatest(db, migrations)` then runs `migration` and the rest.
 */
export async function databaseBefore(migration: string): Promise<DatabaseHandle> {
  const names = Object.keys(migrations);
  if (!names.includes(migration)) throw new Error(`No migration ${migration} in db/migrations/index.ts`);
  const postgres = await createTestDatabase({ empty: true });
  const handle = postgres
    ? await openPostgres(postgres.url, { poolSize: 2 })
    : openDatabase(path.join(makeTempDir(), 'app.sqlite'));
  onTestFinished(async () => {
    await handle.db.destroy();
    await postgres?.drop();
  });
  await migrateToLatest(handle.db, Object.fromEntries(Object.entries(migrations).slice(0, names.indexOf(migration))));
  return handle;
}
