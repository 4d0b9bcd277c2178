import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS } from './scripts/lib/chromium-flags';

/** A free loopback port, chosen once by the runner; workers inherit it through the environment. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'vows-e2e-'));
// A second server with card payments on (e2e/card-payment.spec.ts), against the Stripe test double.
process.env.E2E_CARD_PORT ??= String(await freePort());
process.env.E2E_CARD_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'vows-e2e-card-'));
process.env.E2E_STRIPE_PORT ??= String(await freePort());
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
const cardBaseURL = `http://127.0.0.1:${process.env.E2E_CARD_PORT}`;
const STRIPE_TEST_ENV = { STRIPE_SECRET_KEY: 'sk_test_e2e', STRIPE_WEBHOOK_SECRET: 'whsec_e2e' };
// Debian's headless shell of Chromium (package chromium-headless-shell): the same Blink as
// /usr/bin/chromium without the desktop browser around it, about a quarter less CPU for the suite
// (decision 0292). Lighthouse keeps the full browser (scripts/lighthouse.ts).
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
// Playwright tells Chromium to keep its shared memory in /tmp files, for containers whose /dev/shm
// is 64 MB; where /dev/shm has room (a gigabyte), the browser uses it (decision 0292).
const roomyShm = (() => {
  try {
    const { bavail, bsize } = fs.statfsSync('/dev/shm');
    return bavail * bsize >= 2 ** 30;
  } catch {
    return false;
  }
})();

export default defineConfig({
  testDir: 'e2e',
  // A test's whole budget: 60 s, and three times that for the journeys marked test.slow(). On this
  // session's machine (about twice as slow as before, decision 0283) the long journeys (a card
  // payment, certificates, a facilitator's cohort) ran out of 30 s and 90 s with nothing wrong.
  timeout: 60_000,
  // Every page but / arrives as its prerendered frame and is replaced once the app has loaded its
  // route (decision 0136); with two browsers and the server sharing a 2-core CI machine that took
  // up to about 8 s for the dashboard, and 10-15 s on a slower machine (2026-11-25: about 3 s with
  // the machine otherwise idle), so assertions wait 20 s for what the app shows (decision 0283).
  expect: { timeout: 20_000 },
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'line' : 'list',
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL,
    // A trace records a screencast of every frame, which cost about a third of the browser tests'
    // CPU time in CI (decision 0285) and more than half of a run here (the walk of every page in
    // one language: 3.5 min with traces against 1.5 min without): one is recorded only when a
    // failed test runs again (CI retries once). To keep one for each failure of a local run:
    // `npx playwright test --trace retain-on-failure` (README, "Test it").
    trace: 'on-first-retry',
    // The app's service worker (decision 0265) would answer the specs' later page loads from its
    // precache, around their page.route() interceptions: the specs test the app as a first visit,
    // and e2e/offline.spec.ts allows the worker to test it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromiumPath,
      ignoreDefaultArgs: roomyShm ? ['--disable-dev-shm-usage'] : [],
      args: [
        ...CHROMIUM_FLAGS,
        '--disable-sync',
        // The compositor as a thread of the browser process, not a process of its own (decision 0292).
        '--in-process-gpu',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: /offline\.spec\.ts/ },
    // The service worker's specs: `npm run test:e2e` runs them after the others, alone (decision
    // 0283). Each installs the worker, which fetches the whole precache, and beside another browser
    // on a 2-core machine that kept the other's dashboard from appearing for over 15 s.
    {
      name: 'service-worker',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: /offline\.spec\.ts/,
    },
  ],
  webServer: [
    {
      command: 'node dist/server/main.js',
      url: `${baseURL}/api/auth/check`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'test',
        PORT: process.env.E2E_PORT,
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        DEMO_MODE: 'true',
        ADMIN_USERNAME: 'admin',
        ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
        LOG_LEVEL: 'warn',
        // Sign-ups and sign-ins hash at the test suite's cheap cost (decision 0284).
        PASSWORD_HASH_COST: 'test',
        // A test server raises the sign-in and contact limits; they still exist
        // (docs/product.md#rate-limits).
        RATE_LIMIT_SIGNIN_PER_ACCOUNT: '1000',
        RATE_LIMIT_SIGNIN_PER_ADDRESS: '10000',
        RATE_LIMIT_CONTACT_PER_MINUTE: '1000',
        RATE_LIMIT_REGISTER_PER_HOUR: '1000',
      },
    },
    {
      // The card-payment server: its own DATA_DIR and port, Stripe calls going to the double.
      command: 'node dist/server/main.js',
      url: `${cardBaseURL}/api/auth/check`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'test',
        PORT: process.env.E2E_CARD_PORT,
        HOST: '127.0.0.1',
        PUBLIC_URL: cardBaseURL,
        DATA_DIR: process.env.E2E_CARD_DATA_DIR,
        DEMO_MODE: 'true',
        ADMIN_USERNAME: 'admin',
        ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
        LOG_LEVEL: 'warn',
        // Sign-ups and sign-ins hash at the test suite's cheap cost (decision 0284).
        PASSWORD_HASH_COST: 'test',
        ...STRIPE_TEST_ENV,
        STRIPE_API_BASE: `http://127.0.0.1:${process.env.E2E_STRIPE_PORT}`,
      },
    },
    {
      command: 'node_modules/.bin/tsx e2e/support/stripe-double-server.ts',
      // Any answer from the API path (401 without a key) means the double is listening.
      url: `http://127.0.0.1:${process.env.E2E_STRIPE_PORT}/v1/`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...STRIPE_TEST_ENV,
        E2E_STRIPE_PORT: process.env.E2E_STRIPE_PORT,
        E2E_STRIPE_WEBHOOK_URL: `${cardBaseURL}/api/payments/webhook`,
      },
    },
  ],
});
