import { expect, test, type Page } from '@playwright/test';
import {
  publicConfig,
  registerCouple,
  signInAdmin,
  signInDemo,
  signOut,
  trialSignUp,
  uniqueEmail,
  uniqueSuffix,
} from './support/auth';
import { contextIn } from './support/languages';
import { layoutShift, trackLayoutShifts } from './support/layout-shift';
import { completeOnboarding } from './support/onboarding';

function toast(page: Page, title: string) {
  return page.getByRole('region', { name: 'Notifications' }).getByText(title, { exact: true });
}

test.describe('sign-in helpers for other specs', () => {
  test('each helper leaves the browser signed in as the right kind of user', async ({ page }) => {
    await registerCouple(page);
    let check = await (await page.request.get('/api/auth/check')).json();
    expect(check).toMatchObject({ authenticated: true, role: 'couple' });

    await trialSignUp(page);
    expect((await page.request.get('/api/session')).status()).toBe(200);

    await signInAdmin(page);
    check = await (await page.request.get('/api/auth/check')).json();
    expect(check).toMatchObject({ isAdmin: true });

    await signInDemo(page);
    expect((await page.request.get('/api/session')).status()).toBe(200);

    await signOut(page);
    check = await (await page.request.get('/api/auth/check')).json();
    expect(check.authenticated).toBe(false);
  });
});

test.describe('accounts and sessions in the browser', () => {
  // Every sign-in and sign-up runs full-cost scrypt on the server; give a busy CI machine room.
  test.describe.configure({ timeout: 60_000 });

  test('a couple registers and lands on the dashboard, signed in', async ({ page }) => {
    const username = `new_${uniqueSuffix()}`.slice(0, 32);
    await page.goto('/register');
    await page.getByLabel('Username').fill(username);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('secret-words');
    await page.getByLabel('Confirm password').fill('secret-wordz');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);

    await page.getByLabel('Confirm password').fill('secret-words');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toast(page, 'Account Created')).toBeVisible();
    await completeOnboarding(page, { you: 'Rae', partner: 'Jun' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();

    // Signing out from the navigation ends the session and leads to /login.
    await nav.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page, 'Logged out successfully')).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Sign out' })).toHaveCount(0);

    // And the same username signs in again at /login.
    await page.getByLabel('Username').fill(username.toUpperCase());
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('secret-words');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toast(page, 'Login Successful')).toBeVisible();
  });

  // QA walk: a device a couple shares was set to English with the switch; one of them, whose account
  // is in Spanish, signed in and out, and the sign-in page stayed Spanish for the other. The language
  // chosen on the device comes back at sign-out (decision 0355).
  test('after signing out, the sign-in page is in the language chosen on this device', async ({ browser }) => {
    const context = await contextIn(browser, 'es');
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

    // A partner whose account is in Spanish signs in: the page follows the account (decision 0309).
    await registerCouple(page);
    expect((await page.request.put('/api/locale', { data: { locale: 'es' } })).status()).toBe(200);
    const { userId } = (await (await page.request.get('/api/auth/check')).json()) as { userId: number };
    const profile = await page.request.put(`/api/profile/${userId}`, {
      data: { userDisplayName: 'Ana', partnerName: 'Luis', weddingDate: null },
    });
    expect(profile.status()).toBe(200);
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Principal' });
    await nav.getByRole('button', { name: 'Cerrar sesión' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(toast(page, 'Logged out successfully')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await context.close();
  });

  test('a wrong password is refused with the server message', async ({ page }) => {
    const { username } = await registerCouple(page);
    await signOut(page);
    await page.goto('/login');
    await page.getByLabel('Username').fill(username);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-my-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(toast(page, 'Login Failed')).toBeVisible();
    await expect(page.getByText('Invalid username or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a trial sign-up shows the personal code once, and that code signs in later', async ({ page }) => {
    const config = await publicConfig(page);
    const email = uniqueEmail('trial-ui');
    await page.goto('/customer-login');
    await expect(page.getByText(config.trialAccessCode!, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Purchase the course' })).toHaveAttribute('href', '/#pricing');

    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Use the trial code' }).click();
    await expect(page.getByLabel('Access code')).toHaveValue(config.trialAccessCode!);
    await page.getByRole('button', { name: 'Sign in' }).click();

    const code = page.getByTestId('personal-access-code');
    await expect(code).toHaveText(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const accessCode = (await code.textContent())!;
    await expect(page.getByRole('button', { name: 'Copy code' })).toBeVisible();
    await expect(page.getByText('This is the only time we show it', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Continue to my dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await completeOnboarding(page, { you: 'Kim', partner: 'Lou' });

    // Signed in with a code on this device: signing out opens the code's tab, not username and password.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/customer-login$/);
    await expect(page.getByRole('tab', { name: 'Personal code', selected: true })).toBeVisible();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Access code').fill(accessCode.toLowerCase());
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toast(page, 'Login Successful')).toBeVisible();
  });

  test('the code hints come with the page: no request for them, and nothing on the page moves', async ({ page }) => {
    const configRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('publicConfig') || request.url().endsWith('/api/config'))
        configRequests.push(request.url());
    });
    await trackLayoutShifts(page);
    await page.goto('/customer-login');
    await expect(page.getByRole('button', { name: 'Use the trial code' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Use the demo account' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await layoutShift(page)).toBeLessThan(0.01);
    expect(configRequests).toEqual([]);
  });

  test('the trial code does not open an existing account', async ({ page }) => {
    const { email } = await trialSignUp(page);
    await signOut(page);
    const config = await publicConfig(page);
    await page.goto('/customer-login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Access code').fill(config.trialAccessCode!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(toast(page, 'Login Failed')).toBeVisible();
    await expect(page.getByText('Invalid email or access code')).toBeVisible();
    await expect(page).toHaveURL(/\/customer-login$/);
  });

  test('the demo hint fills in the demo account, which opens the dashboard', async ({ page }) => {
    await page.goto('/customer-login');
    await page.getByRole('button', { name: 'Use the demo account' }).click();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("a sign-in brings the account's language: the English demo account from a Spanish page (decision 0309)", async ({
    page,
  }) => {
    await page.goto('/es/customer-login');
    await page.getByRole('button', { name: 'Usar la cuenta de demostración' }).click();
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    // The page, its toast and the course agree: English, the account's language (it was Spanish
    // buttons around an English course).
    await expect(toast(page, 'Login Successful')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('tab', { name: 'Progress' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Alex & Sam' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('a trial started on a Spanish page is a Spanish account, in a browser set to English (decisions 0277, 0390)', async ({
    page,
  }) => {
    await page.goto('/es/customer-login');
    await page.getByLabel('Correo electrónico').fill(uniqueEmail('trial-es'));
    await page.getByRole('button', { name: 'Usar el código de prueba' }).click();
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('heading', { name: 'Tu código de acceso personal' })).toBeVisible();
    // The account took the page's language, not the browser's: the page stays Spanish after the
    // sign-in (which brings the account's language, decision 0309), and so does the course.
    await page.getByRole('button', { name: 'Ir a mi panel' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    // The course comes in the account's language: week 1's Spanish title, not "Listening to Understand".
    const week = await page.request.get(`/api/trpc/workbook.content?input=${encodeURIComponent('{"weekNumber":1}')}`);
    expect(((await week.json()) as { result: { data: { title: string } } }).result.data.title).toBe(
      'Escuchar para comprender',
    );
  });

  test('the admin signs in and reaches /admin', async ({ page }) => {
    await page.goto('/admin-login');
    await page.getByLabel('Username').fill('admin');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in as administrator' }).click();
    await expect(toast(page, 'Login Failed')).toBeVisible();

    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('e2e-admin-password');
    await page.getByRole('button', { name: 'Sign in as administrator' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' })).toBeVisible();
    // Elsewhere the admin's navigation leads back to the admin screen.
    await page.goto('/login');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toBeVisible();
  });

  test('a couple typing /admin is sent to /login', async ({ page }) => {
    await registerCouple(page);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an anonymous visitor typing /admin or /dashboard is sent to sign in', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/customer-login$/);
  });

  test('signing in as someone else in the same tab never shows the previous role', async ({ page }) => {
    await signInAdmin(page);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin$/);
    // Client-side navigation after a sign-in as a couple: the cached admin check must be gone.
    await page.goto('/customer-login');
    await page.getByRole('button', { name: 'Use the demo account' }).click();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  });
});
