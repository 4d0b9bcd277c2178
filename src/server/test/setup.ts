import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { failOnConsoleError } from '../../shared/testing/console-guard';
import { databasesMade, onPostgres } from './postgres';
import { removeTempDirs } from './temp-dirs';

failOnConsoleError();

// The temporary folders a file's tests made (DATA_DIRs, backups), once its own after-hooks have run.
afterAll(removeTempDirs);

// On the PostgreSQL project, a file that makes no database runs there exactly as it does on SQLite,
// twice the time for nothing: it belongs in vitest.config.ts's databaseFreeTests, which that project
// leaves out.
if (onPostgres()) {
  let file: string | undefined;
  beforeAll(() => {
    databasesMade.count = 0;
    file = undefined;
  });
  beforeEach(() => {
    file = expect.getState().testPath;
  });
  afterAll(() => {
    if (file !== undefined && databasesMade.count === 0) {
      throw new Error(`${file} makes no database: list it in databaseFreeTests (vitest.config.ts).`);
    }
  });
}
