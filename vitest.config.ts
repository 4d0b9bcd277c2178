import os from 'node:os';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Three projects. `server` (node: services, procedures, HTTP, migrations) and `web` (jsdom:
 * component tests) are the unit run, `npm run test:unit`. `process` holds the slow tests that
 * start, kill or starve whole processes (crash safety, a short load run, a full disk, the
 * command-line tasks, the server's own start-up): `npm run test:process`, on its own so the unit run stays quick.
 * All fail a test on an unexpected console.error. Run one with `npx vitest run --project web`.
 */
const processTests = [
  'scripts/crashtest.test.ts',
  'scripts/create-order.test.ts',
  'scripts/disable-admin-2fa.test.ts',
  'scripts/loadtest.test.ts',
  'scripts/migrate.test.ts',
  'scripts/two-processes.test.ts',
  'src/server/full-disk.test.ts',
  'src/server/main.test.ts',
];

/**
 * Tests of what only the SQLite file has, left out of the `server-pg` project: the file's pragmas,
 * snapshots and statement cache, SQLite's query plans, data migrations of installs older than
 * PostgreSQL support (every PostgreSQL database starts at the current schema), another process's
 * connection to the same file, the file's backup (PostgreSQL's is tested in backup-postgres.test.ts).
 */
const sqliteOnlyTests = [
  'src/server/features/our-data/deletion-leaves-nothing.test.ts',
  'src/server/db/statement-cache.test.ts',
  'src/server/db/migrate.test.ts',
  'src/server/query-plans.test.ts',
  'src/server/features/backup/snapshot.test.ts',
  'src/server/features/backup/backup.test.ts',
  'src/server/features/auth/session-resolver.test.ts',
  'src/server/features/auth/email-proof-migration.test.ts',
  'src/server/features/workbook/answers-migration.test.ts',
];

export default defineConfig({
  plugins: [react()],
  test: {
    // Real scrypt hashes and Mantine renders in jsdom take seconds on a busy two-core machine.
    testTimeout: 20_000,
    // Vitest's default is one worker fewer than the cores: one worker on a two-core machine, where
    // the server tests wait on files, sockets and PostgreSQL much of the time. Two workers there
    // ran the server project in 196 s instead of 261 s (2026-11-25, decision 0285).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'scripts/**/*.test.ts', 'db/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...processTests],
          setupFiles: ['src/server/test/setup.ts'],
        },
      },
      {
        // The server suite again on PostgreSQL (docs/product.md#several-app-processes): each test app
        // gets a database of its own on a throw-away server that the global setup starts.
        extends: true,
        test: {
          name: 'server-pg',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'scripts/**/*.test.ts', 'db/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...processTests, ...sqliteOnlyTests],
          setupFiles: ['src/server/test/setup.ts'],
          globalSetup: ['src/server/test/postgres-global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}', 'src/shared/**/*.test.ts'],
          setupFiles: ['src/web/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'process',
          environment: 'node',
          include: processTests,
          setupFiles: ['src/server/test/setup.ts'],
          // One at a time: each starts processes of its own and would starve the others.
          fileParallelism: false,
        },
      },
    ],
  },
});
