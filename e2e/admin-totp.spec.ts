import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { uniqueSuffix } from './support/auth';
import { expectNoAxeViolations } from './support/axe';

/**
 * Two-factor sign-in for the administrator (docs/product.md#admin-second-factor), set up from
 * Settings, used at /admin-login and turned off again, and axe on /admin/overview.
 *
 * Other specs sign in as the configured admin with a password alone, in parallel with this one, so
 * this spec never touches that account: it makes an administrator of its own with the password
 * command (which creates a missing admin) and, whatever happens, switches its second factor off at
 * the end with `npm run admin:disable-2fa`.
 */

const username = `totp_${uniqueSuffix()}`.slice(0, 32);
const password = `pw-${uniqueSuffix()}`;

/**
 * A command-line task on the e2e server's DATA_DIR, with the server's test settings: its new hashes at
 * the test suite's cheap cost, as the server's own (decision 0284). At the full cost the password
 * command hashed twice (a new administrator, then the password set), and the server then checked
 * both sign-ins at that cost.
 */
function command(args: string[]): string {
  return execFileSync('npm', ['run', '--silent', ...args], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PASSWORD_HASH_COST: 'test',
      DATA_DIR: process.env.E2E_DATA_DIR,
      PORT: process.env.E2E_PORT,
      LOG_LEVEL: 'warn',
    },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * The code an authenticator app shows `steps` time steps from now. The server allows one step of
 * drift either side and takes each step's code once, never an older step's: set-up uses the previous
 * step (-1), the sign-in the current one (0), turning off the next (+1), so each is later than the
 * one before. It is made with at least 8 s left in this step (else after the next one begins), so
 * the server checks it in the same step: a step's end between the two would make -1 two steps old.
 */
async function codeFor(secret: string, steps: number): Promise<string> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 8_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });
}

async function passwordStep(page: Page) {
  await page.goto('/admin-login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: false }).first().fill(password);
  await page.getByRole('button', { name: 'Sign in as administrator' }).click();
}

test.beforeAll(() => {
  command(['admin:reset-password', '--', '--username', username, '--password', password]);
});

test.afterAll(() => {
  // Leaves no second factor behind even when a step above failed (a no-op when it is already off).
  command(['admin:disable-2fa', '--', '--username', username]);
});

test('the admin sets up two-factor sign-in, signs in with password and code, and turns it off', async ({ page }) => {
  // Two sign-ins, the setup, two axe scans and the command that turns it off: over 30 s on a busy machine.
  test.slow();
  await passwordStep(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();

  await page.goto('/admin/settings');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = ((await section.getByTestId('totp-secret').textContent()) ?? '').trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await section.getByLabel('6-digit code').fill(await codeFor(secret, -1));
  await section.getByRole('button', { name: 'Turn on' }).click();
  const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByText(/10 of 10 recovery codes left/)).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).not.toHaveURL(/\/admin/);

  // The password alone no longer signs in: the code is asked for, and a wrong one is refused.
  await passwordStep(page);
  const codeField = page.getByLabel('Authentication code');
  await expect(codeField).toBeVisible();
  expect((await page.request.get('/api/auth/check').then((res) => res.json())).authenticated).toBe(false);
  await codeField.fill('000000');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByText('Invalid code')).toBeVisible();
  // A later step's code than the one set-up used (a code is good once).
  await codeField.fill(await codeFor(secret, 0));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();

  // The overview, with its audit log line of the set-up, passes axe on a desktop and a phone.
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: /Admin actions/ })
      .getByText('Two-factor sign-in set up')
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /Couples who completed each week/ })).toBeVisible();
  await expectNoAxeViolations(page, '/admin/overview');
  await page.getByRole('button', { name: 'Show as a table' }).click();
  await expect(page.getByRole('table', { name: /completed each week/ })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no sideways scrolling at 375 px').toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, '/admin/overview at 375 px');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Turned off with a current code; then the password alone signs in again.
  await page.goto('/admin/settings');
  await section.getByLabel('Current 6-digit code').fill(await codeFor(secret, 1));
  await section.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
  await expect(section.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeVisible();
  const again = await page.request.post('/api/auth/login', { data: { username, password } });
  expect(await again.json()).toEqual({ success: true });
});
