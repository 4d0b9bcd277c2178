import { expect, test } from '@playwright/test';

const HERO = 'Prepare for a lifetime together, one week at a time';

/**
 * The landing page is prerendered at build time (issue 8): its text and layout are in the HTML
 * before any script runs, and the app then renders over it without errors (decision 0071).
 */
test.describe('prerendered landing page', () => {
  test('shows its heading, sections and styles with JavaScript disabled', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'One price for the whole year' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue to Checkout' })).toBeVisible();
    // The landing route's stylesheet is linked in the HTML: the hero is laid out, not raw markup.
    const heroButton = page.getByRole('link', { name: 'Get Your Workbook Today' });
    await expect(heroButton).toHaveCSS('background-color', 'rgb(154, 69, 118)');
    await context.close();
  });

  test('other pages get the empty shell, not the landing HTML', async ({ request }) => {
    for (const path of ['/login', '/dashboard', '/no-such-page']) {
      const response = await request.get(path);
      const html = await response.text();
      expect(html, path).toContain('<div id="root"></div>');
      expect(html, path).not.toContain(HERO);
    }
  });

  test('the app takes over without console errors and becomes interactive', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
    // Running: the demo-only button appears once the public config has loaded after hydration.
    await expect(page.getByRole('button', { name: 'Instant Login (Dev)' })).toBeVisible();
    // The pricing form validates in the browser (React handles the submit, no page reload).
    await page.getByRole('button', { name: 'Continue to Checkout' }).click();
    await expect(page.getByText('Information Required')).toBeVisible();
    expect(problems).toEqual([]);
  });
});
