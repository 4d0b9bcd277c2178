import os from 'node:os';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The projects. `server` (node: services, procedures, HTTP, migrations), `server-pg` (the same on
 * PostgreSQL) and `web` (jsdom: component tests) are the unit run, `npm run test:unit`; each server
 * project has a `-mocks` twin for the files that replace a module (below). `process` holds the slow
 * tests that start, kill or starve whole processes (crash safety, a short load run, a full disk, the
 * command-line tasks, the server's own start-up): `npm run test:process`, on its own so the unit run
 * stays quick. All fail a test on an unexpected console.error. Run one with `npx vitest run --project web`.
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
 * Test files that replace a module (vi.mock): a replaced module needs a module registry of the file's
 * own, so these run isolated, each file in a fresh context. Every other unit test file shares its
 * worker's modules (`isolate: false`): importing the server or Mantine once per worker instead of
 * once per file cut the web project from 218 to 37 s and the server project from 196 to about 100 s
 * (decision 0286). Shared modules mean shared module state: a test resets what it changes.
 */
const moduleMockTests = [
  'src/server/http/frameworks.test.ts',
  'src/server/features/frameworks/router.test.ts',
  'src/server/features/orders/orders.test.ts',
  'src/server/features/orders/workbook-build.test.ts',
  'src/server/files/s3-store.test.ts',
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

/**
 * Files that make no database: they run exactly alike on SQLite and on PostgreSQL, so the `server-pg`
 * project leaves them out. `src/server/test/setup.ts` fails a file there that makes none, naming it
 * for this list.
 */
const databaseFreeTests = [
  'scripts/bench/processes.test.ts',
  'scripts/bench/report.test.ts',
  'scripts/check-bundle-size.test.ts',
  'scripts/container-files.test.ts',
  'scripts/lib/mantine-ids-plugin.test.ts',
  'scripts/prerender-chunks.test.ts',
  'scripts/prerender-css.test.ts',
  'src/server/deps/hash-slots.test.ts',
  'src/server/docs.test.ts',
  'src/server/features/auth/passwords.test.ts',
  'src/server/features/frameworks/inspect.test.ts',
  'src/server/features/frameworks/storage.test.ts',
  'src/server/features/inventory/report.test.ts',
  'src/server/features/inventory/statements.test.ts',
  'src/server/features/mail/templates.test.ts',
  'src/server/features/printables/printables.test.ts',
  'src/server/features/public-config/service.test.ts',
  'src/server/features/workbook/content-library.test.ts',
  'src/server/features/workbook/summary.test.ts',
  'src/server/files/store.test.ts',
  'src/server/house-rules.test.ts',
  'src/server/http/onboarding-page.test.ts',
  'src/server/http/pages.test.ts',
  'src/server/http/proxy.test.ts',
  'src/server/http/request-id.test.ts',
  'src/server/http/request-logger.test.ts',
  'src/server/idle-memory.test.ts',
  'src/server/logging.test.ts',
  'src/server/platform/config.test.ts',
  'src/server/platform/mapped-stack.test.ts',
  'src/server/platform/private-files.test.ts',
  'src/server/platform/source-worker.test.ts',
  'src/server/platform/upstream-error.test.ts',
  'src/server/request-logging.test.ts',
];

/**
 * A server project as two: the files that share their worker's modules, and the module-mocking files
 * (`<name>-mocks`), isolated. `--project 'server*'` runs all four.
 */
function serverProjects(name: string, options: { exclude: string[]; globalSetup?: string[] }) {
  const test = {
    environment: 'node' as const,
    include: ['src/server/**/*.test.ts', 'scripts/**/*.test.ts', 'db/**/*.test.ts'],
    setupFiles: ['src/server/test/setup.ts'],
    globalSetup: options.globalSetup,
  };
  return [
    {
      extends: true,
      test: {
        ...test,
        name,
        isolate: false,
        exclude: [...configDefaults.exclude, ...options.exclude, ...moduleMockTests],
      },
    },
    {
      extends: true,
      test: {
        ...test,
        name: `${name}-mocks`,
        include: moduleMockTests.filter((file) => !options.exclude.includes(file)),
      },
    },
  ];
}

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
      ...serverProjects('server', { exclude: processTests }),
      // The server suite again on PostgreSQL (docs/product.md#several-app-processes): each test app
      // gets a database of its own on a throw-away server that the global setup starts.
      ...serverProjects('server-pg', {
        exclude: [...processTests, ...sqliteOnlyTests, ...databaseFreeTests],
        globalSetup: ['src/server/test/postgres-global-setup.ts'],
      }),
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          isolate: false,
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
          // The server compiled once for the run: the tests start it with plain Node (decision 0356).
          globalSetup: ['src/server/test/compiled-server.ts'],
          // Two files at a time (decision 0293): they wait on their child processes much of the time.
          fileParallelism: true,
        },
      },
    ],
  },
});
