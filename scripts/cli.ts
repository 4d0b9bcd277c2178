import { ConfigError, loadConfig, type Config } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { migrateToLatest } from '../src/server/db/migrate';
import { createDeps, type AppDeps } from '../src/server/deps';

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
  const database = openDatabase(config.databaseFile);
  const { db } = database;
  try {
    await migrateToLatest(db);
    await task(createDeps(config, database));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  } finally {
    await db.destroy();
  }
}
