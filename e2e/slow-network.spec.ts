import { expect, test, type Page, type Route } from '@playwright/test';
import { namedCouple, weekButton } from './support/couple';

const NOTES_UPDATE = '**/api/trpc/progress.update**';

async function openWeekOne(page: Page) {
  await weekButton(page, 1).click({ timeout: 20_000 });
  await expect(page.locator('#week-1-title')).toBeVisible();
}

/**
 * The drafts this browser has stored (src/web/lib/local-draft.ts: IndexedDB 'vows-and-weeks',
 * store 'drafts'), as JSON; empty before the app has created the database (which it does before
 * drawing the dashboard), so the look never creates it.
 */
function storedDrafts(page: Page): Promise<string> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((database) => database.name === 'vows-and-weeks')) return '';
    return new Promise<string>((resolve, reject) => {
      const open = indexedDB.open('vows-and-weeks');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const database = open.result;
        if (!database.objectStoreNames.contains('drafts')) {
          database.close();
          resolve('');
          return;
        }
        const request = database.transaction('drafts', 'readonly').objectStore('drafts').getAll();
        request.onsuccess = () => {
          database.close();
          resolve(JSON.stringify(request.result));
        };
        request.onerror = () => reject(request.error);
      };
    });
  });
}

test('a save without an answer stops after 15 s, says so, keeps the text and saves on retry', async ({ page }) => {
  // A sign-up, two dashboard loads and a save held back for 15 s (on the page's installed clock):
  // more than the default 30 s on a busy machine.
  test.slow();
  await namedCouple(page);
  await page.clock.install();
  await page.goto('/dashboard');
  await openWeekOne(page);

  // The server's answer is held back.
  const held: Route[] = [];
  await page.route(NOTES_UPDATE, (route) => void held.push(route));
  const notes = page.getByRole('textbox', { name: /Your notes for this week/ });
  await notes.fill('Plan the budget together');
  const save = page.getByRole('button', { name: 'Save Notes' });
  await save.click();
  await expect(save).toHaveAttribute('data-loading', 'true');
  await expect.poll(() => held.length).toBe(1);

  await page.clock.fastForward(15_000);
  const status = page.getByTestId('notes-status');
  await expect(status).toContainText('Your notes were not saved.');
  await expect(status).toBeFocused();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    'No answer from the server after 15 seconds: your change was not saved.',
  );
  const retry = page.getByRole('button', { name: 'Try again' });
  await expect(retry).not.toHaveAttribute('data-loading', 'true');
  await expect(notes).toHaveValue('Plan the budget together');

  // The network is back: the retry saves.
  await page.unroute(NOTES_UPDATE);
  for (const route of held) await route.abort().catch(() => undefined);
  await retry.click();
  await expect(status).toHaveText('Notes saved.');
  await page.reload();
  await openWeekOne(page);
  await expect(page.getByRole('textbox', { name: /Your notes for this week/ })).toHaveValue('Plan the budget together');
});

test('offline: a banner says so, saved notes wait on the device, and are sent once back online', async ({
  page,
  context,
}) => {
  await namedCouple(page);
  await page.goto('/dashboard');
  await openWeekOne(page);
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toHaveCount(0);

  await context.setOffline(true);
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('You are offline.');
  const notes = page.getByRole('textbox', { name: /Your notes for this week/ });
  await notes.fill('Written on the train');
  await page.getByRole('button', { name: 'Save Notes' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    'You are offline. Your notes are kept on this device',
  );
  await expect(notes).toHaveValue('Written on the train');
  await expect(page.getByTestId('notes-status')).toContainText('Your notes are kept on this device and will be sent');

  // Back online, the notes saved offline are sent on their own (decisions 0268, 0280).
  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId('notes-status')).toHaveText('Notes saved.');
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    'The notes you saved offline for week 1 are saved.',
  );
});

test('offline on a phone, the control the keyboard lands on is never under the banner (WCAG 2.4.11)', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await namedCouple(page);
  await page.goto('/dashboard');
  await openWeekOne(page);
  await context.setOffline(true);
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toBeVisible();
  // From the end of the page back up, one control at a time, as Shift+Tab scrolls: the top edge of
  // each focused control is the control itself, not the banner over it.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.getByRole('button', { name: 'Save Notes' }).focus();
  for (let step = 0; step < 25; step += 1) {
    await page.keyboard.press('Shift+Tab');
    const hidden = await page.evaluate(() => {
      const focused = document.activeElement as HTMLElement;
      const box = focused.getBoundingClientRect();
      const seen = document.elementFromPoint(box.left + box.width / 2, box.top + 2);
      return seen && (seen === focused || focused.contains(seen)) ? null : focused.outerHTML.slice(0, 80);
    });
    expect(hidden, `control ${step + 1} back`).toBeNull();
  }
  await context.setOffline(false);
});

test('unsaved notes and workbook answers survive a reload (a local draft per couple and week)', async ({ page }) => {
  await namedCouple(page);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto('/dashboard');
  await openWeekOne(page);
  await page.getByRole('textbox', { name: /Your notes for this week/ }).fill('Half a thought');
  await page.getByRole('button', { name: 'Open Interactive Workbook' }).click();
  // The week's first reflection question (its label starts "1."), not another field of the tab.
  const firstAnswer = page.getByRole('tabpanel').getByRole('textbox', { name: /^1\. / });
  await firstAnswer.fill('An unsaved answer');
  // Both drafts are on the device (a write to IndexedDB takes a moment; a reload in that moment,
  // quicker than a person's, would cut it off).
  await expect.poll(() => storedDrafts(page)).toContain('Half a thought');
  await expect.poll(() => storedDrafts(page)).toContain('An unsaved answer');

  // The reload keeps the Current tab and week 1 (they are in the URL, decision 0131): the workbook
  // is back with its answer, and week 1's details, still selected, with the notes.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Current' })).toHaveAttribute('aria-selected', 'true', {
    timeout: 15_000,
  });
  await expect(firstAnswer).toHaveValue('An unsaved answer', {
    timeout: 15_000,
  });
  await page.getByRole('tab', { name: 'Progress' }).click();
  await expect(page.locator('#week-1-title')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Your notes for this week/ })).toHaveValue('Half a thought');
  await expect(page.getByText('Your unsaved notes from this device are back.', { exact: false })).toBeVisible();
});

test.describe('before any script runs', () => {
  test.use({ javaScriptEnabled: false });

  test('every page paints its frame and skeleton from the HTML alone', async ({ page }) => {
    const expected: Record<string, RegExp> = {
      '/': /Prepare for a lifetime together/,
      // The installation's code hints are part of the page's HTML (decision 0175): the e2e server is in demo mode.
      '/customer-login': /Look around with demo@example\.com and the code/,
      '/login': /Sign in|Login/i,
      '/register': /Register|Create/i,
      '/admin-login': /Admin/i,
      '/checkout': /Vows & Weeks/,
      '/dashboard': /Welcome to your journey/,
      // The frameworks page's heading, the page's largest text (decision 0175).
      '/admin': /Upload and manage the 52 weekly PDF frameworks couples download\./,
      '/success': /Vows & Weeks/,
    };
    for (const [path, text] of Object.entries(expected)) {
      await page.goto(path);
      await expect(page.locator('header').first(), path).toBeVisible();
      await expect(page.locator('#root'), path).toContainText(text);
    }
    // The trial's weeks, which the build cannot know, are the server's, in the page's language.
    await page.goto('/customer-login');
    await expect(page.locator('#root')).toContainText('to try the first 4 weeks.');
    await page.goto('/es/customer-login');
    await expect(page.locator('#root')).toContainText('para probar las primeras 4 semanas.');
    await page.goto('/admin');
    await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page.getByRole('tab', { name: 'Progress' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Current Week' })).toBeVisible();
    // A prerendered form cannot be typed into or sent before the app takes over: the text would be
    // lost when the app replaces the page, and the plain HTML form would send the password in a GET.
    await page.goto('/admin-login');
    await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Sign in as administrator' })).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Couple sign in' })).toBeVisible();
  });
});
