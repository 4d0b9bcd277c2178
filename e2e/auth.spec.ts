import { expect, test } from '@playwright/test';
import { registerCouple, signInAdmin, signInDemo, signOut, trialSignUp } from './support/auth';

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
