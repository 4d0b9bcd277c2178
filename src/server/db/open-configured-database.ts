import { type DatabaseHandle, openDatabase } from './client';

/**
 * The configured database: PostgreSQL when DATABASE_URL is set (its driver loaded only then),
 * otherwise the SQLite file (docs/product.md#several-app-processes).
 */
export async function openConfiguredDatabase(config: {
  databaseUrl: string | undefined;
  databaseFile: string;
}): Promise<DatabaseHandle> {
  if (!config.databaseUrl) return openDatabase(config.databaseFile);
  const { openPostgres } = await import('./postgres');
  return openPostgres(config.databaseUrl);
}
