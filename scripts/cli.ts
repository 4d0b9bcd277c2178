import { ConfigError, loadConfig, type Config } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { migrateToLatest } from '../src/server/db/migrate';
import type { AppDeps } from '../src/server/deps';
import { createRateLimits } from '../src/server/rate-limiter';

/**
 * Runs a command-line task against the same DATA_DIR as the server: validated config, migrated
 * database, a clear one-line error and exit code 1 on failure, database closed at the end.
 */
export async function runCli(task: (deps: AppDeps) => Promise<void>): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : String(error));
    process.exit(1);
  }
  const { db } = openDatabase(config.databaseFile);
  try {
    await migrateToLatest(db);
    await task({ config, db, rateLimits: createRateLimits(config) });
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  } finally {
    await db.destroy();
  }
}
