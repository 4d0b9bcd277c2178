import { Migrator, type Migration, type MigrationResultSet } from 'kysely/migration';
import { migrations } from '../../../db/migrations/index';
import type { DB } from './client';

export class MigrationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

/**
 * Brings the schema to the latest migration. SQLite's DDL is transactional, so each migration runs
 * in a transaction and a failing one leaves the schema as it was; the error says which one failed.
 */
export async function migrateToLatest(
  db: DB,
  list: Record<string, Migration> = migrations,
): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => list },
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const cause = result.error instanceof Error ? result.error.message : String(result.error);
    throw new MigrationError(
      `Migration ${failed?.migrationName ?? '(unknown)'} failed and was rolled back: ${cause}`,
      { cause: result.error },
    );
  }
  return result;
}
