import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Two projects: `server` (node: services, procedures, HTTP, scripts, migrations) and `web`
 * (jsdom: component tests). Both fail a test on an unexpected console.error.
 * Run one with `npx vitest run --project web`.
 */
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
    ],
  },
});
