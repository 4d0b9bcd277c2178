import { Migrator, type Migration, type MigrationResultSet } from 'kysely/migration';
import { migrations } from '../../../db/migrations/index';
import type { DB } from './client';
import { isPostgres } from './dialect';

export class MigrationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

/**
 * Brings the schema to the latest migration. When an existing database has pending migrations,
 * `beforeMigrating` runs first (buildApp snapshots the file there). SQLite's DDL is transactional, so each migration runs
 * in a transaction and a failing one leaves the schema as it was; the error says which one failed.
 */
export async function migrateToLatest(
  db: DB,
  list: Record<string, Migration> = migrations,
  beforeMigrating?: () => Promise<void>,
): Promise<MigrationResultSet> {
  let target = db;
  if (isPostgres(db)) {
    const { prepareForMigrations, sqliteTypesOnPostgres } = await import('./postgres');
    await prepareForMigrations(db);
    target = db.withPlugin(sqliteTypesOnPostgres);
  }
  // On PostgreSQL, Kysely's Migrator holds an advisory lock while it migrates: two processes that
  // start at once migrate one after the other, and the second finds nothing left to do.
  const migrator = new Migrator({
    db: target,
    provider: { getMigrations: async () => list },
  });
  const known = await migrator.getMigrations();
  const pending = known.filter((m) => m.executedAt === undefined);
  const hasHistory = known.length > pending.length;
  if (pending.length > 0 && hasHistory && beforeMigrating) await beforeMigrating();
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const cause = result.error instanceof Error ? result.error.message : String(result.error);
    const what = failed
      ? `Migration ${failed.migrationName} failed and was rolled back`
      : 'Migrating the database failed';
    throw new MigrationError(`${what}: ${cause}`, { cause: result.error });
  }
  return result;
}
