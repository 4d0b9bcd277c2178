import { ConfigError, loadConfig, type Config } from '../src/server/platform/config';
import { openConfiguredDatabase } from '../src/server/db/open-configured-database';
import { createDeps } from '../src/server/create-deps';
import type { AppDeps } from '../src/server/deps/app-deps';
import { migrateWithSnapshot } from '../src/server/features/backup/service';

/**
 * Runs a command-line task against the same DATA_DIR as the server: validated config, database
 * migrated as the server does it (a snapshot first when an existing schema changes), a clear
 * one-line error and exit code 1 on failure, database closed at the end.
 */
export async function runCli(task: (deps: AppDeps) => Promise<void>): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : String(error));
    process.exit(1);
  }
  const database = await openConfiguredDatabase(config);
  const { db } = database;
  try {
    await migrateWithSnapshot(database, config.dataDir);
    await task(await createDeps(config, database));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  } finally {
    await db.destroy();
  }
}
