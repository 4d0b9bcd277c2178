import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Three projects. `server` (node: services, procedures, HTTP, migrations) and `web` (jsdom:
 * component tests) are the unit run, `npm run test:unit`. `process` holds the slow tests that
 * start, kill or starve whole processes (crash safety, a full disk, the command-line tasks, the
 * server's own start-up): `npm run test:process`, on its own so the unit run stays quick.
 * All fail a test on an unexpected console.error. Run one with `npx vitest run --project web`.
 */
const processTests = [
  'scripts/crashtest.test.ts',
  'scripts/create-order.test.ts',
  'scripts/disable-admin-2fa.test.ts',
  'scripts/migrate.test.ts',
  'src/server/full-disk.test.ts',
  'src/server/main.test.ts',
  'src/server/pin-next-tick-shape.test.ts',
];

export default defineConfig({
  plugins: [react()],
  test: {
    // Real scrypt hashes and Mantine renders in jsdom take seconds on a busy two-core machine.
    testTimeout: 20_000,
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
