import { expect, test } from '@playwright/test';
import { namedCouple } from './support/couple';
import { addressIn, closeContext, contextIn, keepLanguage, openPage, settled, watchConsole } from './support/languages';
import { obscuredFocus, smallTargets, undersized } from './support/wcag';

/**
 * WCAG 2.2 AA beyond axe (docs/accessibility.md), what takes more than a look at each page: the walk
 * of every page (e2e/every-page.spec.ts) checks target size, dragging, consistent help and focus
 * on every page; here, in both languages where it matters:
 * - 2.4.11 Focus Not Obscured with an error toast showing;
 * - 3.3.8 Accessible Authentication: the sign-in fields say what they are (autocomplete), and a code
 *   and a password can be pasted;
 * - 3.3.7 Redundant Entry: what the buyer typed on the landing page is carried to checkout, not asked again.
 * - 2.5.8 Target Size without the spacing exception, for the controls made 24 px tall on purpose.
 */

/**
 * The footer's links and "coming soon" placeholders (the landing page's footer and every other
 * page's), and the Profile tab's link to the mentor page: lines of small text, 20 to 22 px tall,
 * that the walk of every page let pass by the spacing exception; they are 24 px tall themselves.
 */
const OWN_SIZE = 'footer nav a, footer nav button, a[href="/mentor"]';

test('the footer links and the mentor link are 24 px tall themselves, not by the room around them', async ({
  browser,
}) => {
  const context = await contextIn(browser, 'es', { width: 375, height: 740 });
  const page = await context.newPage();
  const problems = watchConsole(page);
  // Signed out, the session check's 401 is the browser's expected line.
  problems.allowNotFound = true;
  await page.goto(addressIn('/', 'es'));
  await settled(page);
  await expect(page.locator('footer nav button').first()).toBeVisible();
  expect(await undersized(page, OWN_SIZE), 'landing').toEqual([]);
  await namedCouple(page);
  await keepLanguage(page, 'es');
  problems.allowNotFound = false;
  await openPage(page, { path: '/dashboard', label: 'profile', tab: { en: 'Profile', es: 'Perfil' } }, 'es');
  await expect(page.locator('a[href="/mentor"]')).toBeVisible();
  expect(await undersized(page, OWN_SIZE), 'Profile tab').toEqual([]);
  await closeContext(context, problems);
});

test('the own-size check finds a small control that the spacing exception lets pass', async ({ page }) => {
  await page.setContent(`
    <ul style="display: flex; flex-direction: column; gap: 12px; list-style: none; font: 14px/1.55 sans-serif">
      <li><button style="border: 0; padding: 0; font: inherit">Preguntas frecuentes</button></li>
      <li><button style="border: 0; padding: 0; font: inherit">Privacidad</button></li>
    </ul>
  `);
  expect(await smallTargets(page)).toEqual([]);
  expect((await undersized(page, 'button')).map(({ name }) => name)).toEqual(['Preguntas frecuentes', 'Privacidad']);
});

for (const lang of ['en', 'es'] as const) {
  test(`a toast never hides the focused control (${lang})`, async ({ browser }) => {
    const context = await contextIn(browser, lang, { width: 375, height: 740 });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(addressIn('/customer-login', lang));
    await expect(page.locator('[data-prerendered-frame]')).toHaveCount(0);
    // A wrong code raises an error toast; the person then tabs through the form again.
    await page.getByRole('textbox').first().fill('nobody@example.com');
    await page.getByRole('textbox').nth(1).fill('WRONG-CODE');
    await page.getByRole('textbox').nth(1).press('Enter');
    await expect(page.locator('.mantine-Notification-root').first()).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    expect(await obscuredFocus(page, 'Tab', 20)).toEqual([]);
    problems.allowNotFound = false;
    // The 401 of the wrong code is the browser's own line, not the app's.
    await closeContext(
      context,
      problems.filter((line) => !/401/.test(line)),
    );
  });
}

test('the focus check finds a control under a sticky header, and passes one in the clear', async ({ page }) => {
  await page.setContent(`
    <header style="position: fixed; top: 0; left: 0; right: 0; height: 120px; background: #fff">Header</header>
    <main style="padding-top: 40px"><button>Hidden</button><div style="height: 200px"></div><button>Seen</button></main>
  `);
  await page.locator('body').click({ position: { x: 300, y: 300 } });
  expect(await obscuredFocus(page, 'Tab', 2)).toEqual(['BUTTON "Hidden" under HEADER.']);
});

test.describe('accessible authentication and redundant entry', () => {
  test('sign-in fields say what they are, and a code can be pasted', async ({ browser }) => {
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await page.goto('/customer-login');
    await expect(page.locator('[data-prerendered-frame]')).toHaveCount(0);
    const email = page.getByRole('textbox', { name: /email/i });
    await expect(email).toHaveAttribute('autocomplete', 'email');
    const code = page.getByRole('textbox', { name: /access code/i });
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await page.evaluate(() => navigator.clipboard.writeText('ABCD-EFGH-IJKL'));
    await code.focus();
    await page.keyboard.press('ControlOrMeta+V');
    await expect(code).toHaveValue('ABCD-EFGH-IJKL');

    await page.goto('/login');
    await expect(page.locator('[data-prerendered-frame]')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: /username/i })).toHaveAttribute('autocomplete', 'username');
    const password = page.getByLabel(/^password/i);
    await expect(password).toHaveAttribute('autocomplete', 'current-password');
    await page.evaluate(() => navigator.clipboard.writeText('a pasted password'));
    await password.focus();
    await page.keyboard.press('ControlOrMeta+V');
    await expect(password).toHaveValue('a pasted password');

    await page.goto('/register');
    await expect(page.locator('[data-prerendered-frame]')).toHaveCount(0);
    for (const field of await page.locator('input[type="password"]').all()) {
      await expect(field).toHaveAttribute('autocomplete', 'new-password');
    }
    await context.close();
  });

  test('the buyer types their name and email once: checkout carries them', async ({ page }) => {
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Order the workbook' });
    await expect(form).toBeAttached();
    await expect(page.getByRole('button', { name: 'Instant Login (Dev)' })).toBeVisible();
    await form.getByLabel('First name').fill('Ana');
    await form.getByLabel('Last name').fill('Lima');
    await form.getByLabel('Email').fill('ana.lima@example.com');
    await form.getByRole('button', { name: 'Continue to Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout\?/);
    await expect(page.locator('[data-prerendered-frame]')).toHaveCount(0);
    // The checkout page shows what was typed and asks for none of it again.
    await expect(page.getByText('ana.lima@example.com')).toBeVisible();
    await expect(page.locator('input[type="email"], input[autocomplete="email"]')).toHaveCount(0);
  });
});
