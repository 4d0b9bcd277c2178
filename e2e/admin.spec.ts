import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { registerCouple, signInAdmin, uniqueSuffix } from './support/auth';
import { expectNoAxeViolations } from './support/axe';

/**
 * The admin journey against the real server. Other specs use the first weeks (the demo seeds 1-3),
 * so this one works in weeks 40-52, picks a week nobody has uploaded, and never relies on the
 * global count being a particular number, only on it rising and falling by its own upload.
 */
const ADMIN_WEEKS = Array.from({ length: 13 }, (_, index) => 40 + index);

/** A real PDF, made here with pdf-lib, padded so the upload takes long enough to show progress. */
async function makePdf(title: string, paddingBytes = 0): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawText(title, { x: 56, y: 770, size: 18, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return Buffer.concat([Buffer.from(await pdf.save()), Buffer.alloc(paddingBytes, 0x0a)]);
}

async function freeAdminWeek(page: Page): Promise<number> {
  const response = await page.request.get('/api/frameworks');
  expect(response.ok()).toBe(true);
  const taken = new Set(((await response.json()) as { weekNumber: number }[]).map((framework) => framework.weekNumber));
  const free = ADMIN_WEEKS.filter((week) => !taken.has(week));
  expect(free.length, 'a free week in 40-52').toBeGreaterThan(0);
  return free[Math.floor(Math.random() * free.length)]!;
}

async function uploadedCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('uploaded-count').textContent()) ?? '';
  const match = /^(\d+) of 52 weeks uploaded$/.exec(text.trim());
  expect(match, `count text "${text}"`).not.toBeNull();
  return Number(match![1]);
}

function toasts(page: Page) {
  return page.getByRole('region', { name: 'Notifications' });
}

test('an admin uploads a real PDF, downloads it as week-N.pdf and deletes it after confirming', async ({ page }) => {
  // A throttled 2 MB upload, its download and the printable generated after the delete: over 30 s on a busy machine.
  test.slow();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signInAdmin(page);
  const week = await freeAdminWeek(page);
  const title = `E2E framework ${uniqueSuffix()}`;
  const pdf = await makePdf(title, 2 * 1024 * 1024);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();
  const before = await uploadedCount(page);

  // Nothing filled in: the spec's toast, nothing sent.
  await page.getByRole('button', { name: 'Upload Framework' }).click();
  await expect(toasts(page).getByRole('alert')).toContainText('Missing Information');

  // Choosing the week in the overview fills the form's week number.
  await page.getByRole('button', { name: `Week ${week}: not uploaded` }).click();
  await expect(page.getByRole('textbox', { name: /week number/i })).toHaveValue(String(week));
  await page.getByRole('textbox', { name: /title/i }).fill(title);
  await page.getByRole('textbox', { name: /description/i }).fill('Uploaded by the Playwright journey.');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: `week-${week}.pdf`, mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByTestId('selected-file')).toContainText(`week-${week}.pdf`);

  // Slow the upload down so the progress bar can be seen moving.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 1024 * 1024,
  });
  await page.getByRole('button', { name: 'Upload Framework' }).click();
  const progress = page.getByRole('progressbar', { name: 'Upload progress' });
  await expect(progress).toBeVisible();
  await expect
    .poll(async () => Number((await progress.getAttribute('aria-valuenow', { timeout: 1000 }).catch(() => '100')) ?? 0))
    .toBeGreaterThan(0);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  await expect(toasts(page).getByText('Framework uploaded successfully!')).toBeVisible();
  await expect(progress).toBeHidden();
  const cell = page.getByRole('button', { name: `Week ${week}: ${title} (uploaded)` });
  await expect(cell).toHaveAttribute('data-uploaded', 'true');
  await expect(cell).toHaveCSS('background-color', 'rgb(35, 122, 53)');
  expect(await uploadedCount(page)).toBeGreaterThan(before);

  const item = page.getByRole('listitem', { name: `Week ${week}: ${title}` });
  await expect(item).toContainText('2 MB');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    item.getByRole('button', { name: `Download Week ${week}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`week-${week}.pdf`);
  const saved = await download.path();
  expect(fs.readFileSync(saved).equals(pdf)).toBe(true);

  const afterUpload = await uploadedCount(page);
  await item.getByRole('button', { name: `Delete Week ${week}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Are you sure you want to delete Week ${week}? This action cannot be undone.`);
  // Cancelling keeps it.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(item).toBeVisible();

  await item.getByRole('button', { name: `Delete Week ${week}` }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: `Delete Week ${week}` })
    .click();
  await expect(toasts(page).getByText('Framework deleted successfully!')).toBeVisible();
  await expect(page.getByRole('button', { name: `Week ${week}: not uploaded` })).toBeVisible();
  await expect(item).toBeHidden();
  expect(await uploadedCount(page)).toBeLessThan(afterUpload);
  // The week falls back to the printable made from its content (docs/product.md#weekly-frameworks), not the upload.
  const fallback = await page.request.get(`/api/download-framework/${week}`);
  expect(fallback.status()).toBe(200);
  expect(fallback.headers()['content-type']).toBe('application/pdf');
  expect((await fallback.body()).equals(pdf)).toBe(false);
  expect(errors).toEqual([]);
});

test('the admin page has no accessibility violations and fits a 375 px screen', async ({ page }) => {
  await signInAdmin(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/admin');
  await expect(page.getByTestId('uploaded-count')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // The header's brand and its actions share one line without running over each other (the brand
  // text used to sit under 'Back to Website' at 375 px).
  const header = page.locator('header').first();
  const [brand, actions] = await Promise.all([
    header.getByRole('link', { name: 'Vows & Weeks' }).evaluate((link) => {
      const range = document.createRange();
      range.selectNodeContents(link);
      return range.getBoundingClientRect().right;
    }),
    header.getByRole('navigation', { name: 'Main' }).boundingBox(),
  ]);
  expect(brand).toBeLessThanOrEqual(actions!.x);
  expect(actions!.x + actions!.width).toBeLessThanOrEqual(375);
  // Every section of the menu is fully in view: it wraps rather than scrolling sideways with
  // 'Couples' cut off at the edge.
  const sections = page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link');
  await expect(sections).toHaveCount(13); // 9, then Coupons and Gifts (issue 39), Certificates (issue 37), Facilitators (issue 38)
  for (const box of await sections.evaluateAll((links) =>
    links.map((link) => {
      const { left, right } = link.getBoundingClientRect();
      return { name: link.textContent, left, right };
    }),
  )) {
    expect(box.left, box.name!).toBeGreaterThanOrEqual(0);
    expect(box.right, box.name!).toBeLessThanOrEqual(375);
  }
  await expectNoAxeViolations(page, '/admin at 375 px', { include: 'main' });
  await page.getByRole('link', { name: 'Back to Website' }).click();
  await expect(page).toHaveURL(/\/$/);
});

// QA walk: at 375 px the back link read "← sitio web", the end of the long label cut off. On a
// phone it has a whole short label of its own, and in Spanish the brand still takes two lines at most.
test('the admin header reads whole labels at 375 px in English and Spanish', async ({ page, context, baseURL }) => {
  await signInAdmin(page);
  await page.setViewportSize({ width: 375, height: 800 });
  for (const [locale, name, short, logout] of [
    ['en', 'Back to Website', 'Website', 'Logout'],
    ['es', 'Volver al sitio web', 'Sitio web', 'Cerrar sesión'],
  ] as const) {
    // The page's language (the sign-in set the account's, English): no change to the shared account.
    await context.addCookies([{ name: 'vw_locale', value: locale, url: baseURL! }]);
    await page.goto('/admin');
    // Measured on the app's header, not the prerendered frame's it replaces (decision 0136).
    await expect(page.locator('[data-prerendered-frame]')).toHaveCount(0);
    const header = page.locator('header').first();
    const back = header.getByRole('link', { name });
    await expect(back).toHaveText(short, { useInnerText: true });
    await expect(header.getByRole('button', { name: logout })).toHaveText(logout, { useInnerText: true });
    const brandLines = await header.getByRole('link', { name: 'Vows & Weeks' }).evaluate((link) => {
      const range = document.createRange();
      range.selectNodeContents(link.querySelector('span')!);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(brandLines, locale).toBeLessThanOrEqual(2);
    const navigation = header.getByRole('navigation');
    await expect(navigation).toBeVisible();
    const actions = await navigation.boundingBox();
    expect(actions!.x + actions!.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  }
});

test('a couple and an anonymous visitor are sent to /login', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  await registerCouple(page);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
});

test('Logout signs the admin out and goes to /login', async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/admin');
  // The header holds the spec's Back to Website and Logout, and no second sign-out control.
  const header = page.getByRole('navigation', { name: 'Main' });
  await expect(header.getByRole('link', { name: 'Back to Website' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  await header.getByRole('button', { name: 'Logout' }).click();
  await expect(toasts(page).getByText('Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  const check = await page.request.get('/api/auth/check');
  expect(await check.json()).toMatchObject({ authenticated: false, isAdmin: false });
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
});
