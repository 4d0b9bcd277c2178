import { expect, type Page, test } from '@playwright/test';
import { signInAdmin } from './support/auth';
import { namedCouple } from './support/couple';
import {
  ADMIN_PAGES,
  addressIn,
  COUPLE_PAGES,
  closeContext,
  contextIn,
  keepLanguage,
  type Lang,
  openPage,
  PUBLIC_PAGES,
  type WalkedPage,
  watchConsole,
} from './support/languages';

/**
 * WCAG 2.2 AA beyond axe (docs/accessibility.md), in both languages: what a browser can measure.
 * - 2.4.11 Focus Not Obscured: tabbing through a page (forwards from the top, backwards from the
 *   bottom, so the sticky header is in play), every focused control's centre is the control itself
 *   (document.elementFromPoint), not the header or a toast above it.
 * - 2.5.8 Target Size: every visible control is at least 24 x 24 CSS px, or has the spacing the
 *   criterion allows (a 24 px circle on its centre touches no other control); links inside a
 *   sentence are exempt.
 * - 2.5.7 Dragging Movements: nothing on any page is draggable.
 * - 3.2.6 Consistent Help: the help link is the first link of the footer's navigation on every page.
 * - 3.3.8 Accessible Authentication: the sign-in fields say what they are (autocomplete), a code can
 *   be pasted, and no page has a puzzle.
 * - 3.3.7 Redundant Entry: what the buyer typed on the landing page is carried to checkout, not asked again.
 */

interface TargetProblem {
  name: string;
  width: number;
  height: number;
}

/** The controls smaller than 24 x 24 px without the spacing 2.5.8 allows (inline links exempt). */
async function smallTargets(page: Page): Promise<TargetProblem[]> {
  return page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="checkbox"], [role="radio"], [role="switch"], [role="menuitem"], [role="option"], [tabindex]:not([tabindex="-1"])';
    const visible = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0 && element.checkVisibility({ opacityProperty: true });
    };
    /** A control drawn by its label (a visually hidden radio or checkbox): the label is the target. */
    const targetOf = (element: Element): Element => {
      const rect = element.getBoundingClientRect();
      if ((rect.width <= 2 || rect.height <= 2) && element instanceof HTMLInputElement && element.labels?.[0])
        return element.labels[0];
      return element;
    };
    /** A link in a sentence: inline, with text of its parent block around it. */
    const inline = (element: Element) => {
      if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
      const block = element.parentElement?.closest('p, li, dd, td, label, span, div');
      const text = block?.textContent?.replace(element.textContent ?? '', '').trim() ?? '';
      return text.length > 0;
    };
    const controls = [...document.querySelectorAll(selector)]
      .filter(visible)
      .map(targetOf)
      .filter((element, index, all) => all.indexOf(element) === index)
      // A control inside another one (an input inside its own labelled wrapper) counts once.
      .filter((element, _index, all) => !all.some((other) => other !== element && other.contains(element)));
    const rects = controls.map((element) => element.getBoundingClientRect());
    const problems: { name: string; width: number; height: number }[] = [];
    controls.forEach((element, index) => {
      const rect = rects[index]!;
      if (rect.width >= 23.5 && rect.height >= 23.5) return;
      if (inline(element)) return;
      // The spacing exception: a 24 px circle on the control's centre touches no other control.
      const cx = rect.left + rect.width / 2;
      const cy = rect.top + rect.height / 2;
      const touches = rects.some((other, at) => {
        if (at === index) return false;
        const nx = Math.max(other.left, Math.min(cx, other.right));
        const ny = Math.max(other.top, Math.min(cy, other.bottom));
        const otherSmall = other.width < 23.5 || other.height < 23.5;
        const centres = Math.hypot(other.left + other.width / 2 - cx, other.top + other.height / 2 - cy);
        return Math.hypot(nx - cx, ny - cy) < 12 || (otherSmall && centres < 24);
      });
      if (!touches) return;
      const name = (element.getAttribute('aria-label') || element.textContent || element.tagName).trim().slice(0, 60);
      problems.push({ name, width: Math.round(rect.width), height: Math.round(rect.height) });
    });
    return problems;
  });
}

/** Presses Tab (or Shift+Tab) `count` times; answers the focused controls whose centre something covers. */
async function obscuredFocus(page: Page, key: 'Tab' | 'Shift+Tab', count: number): Promise<string[]> {
  const covered: string[] = [];
  for (let step = 0; step < count; step += 1) {
    await page.keyboard.press(key);
    // The page may scroll the control clear of a toast in the next frame.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    let problem = await focusProblem(page);
    // A page still settling (a query's answer replacing its skeleton moves the scroll position)
    // is looked at again once it has; a control hidden then is hidden for a person too.
    if (problem) {
      await page.waitForTimeout(300);
      problem = await focusProblem(page);
    }
    if (problem) covered.push(problem);
  }
  return covered;
}

/** Why the focused control cannot be seen (off screen, or under a header, toast or banner), or null. */
function focusProblem(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return null;
    const rect = focused.getBoundingClientRect();
    // A visually hidden control (a native radio under its star) is shown by its label.
    if (rect.width <= 2 || rect.height <= 2) return null;
    // "Not entirely hidden": the part of the control inside the viewport, probed at its centre
    // (a tall text area may be only partly in view).
    const left = Math.max(rect.left, 0);
    const right = Math.min(rect.right, window.innerWidth);
    const top = Math.max(rect.top, 0);
    const bottom = Math.min(rect.bottom, window.innerHeight);
    if (right - left < 1 || bottom - top < 1) {
      return `${focused.tagName} "${(focused.textContent ?? '').trim().slice(0, 40)}" is off screen`;
    }
    const x = (left + right) / 2;
    const y = (top + bottom) / 2;
    const hit = document.elementFromPoint(x, y);
    if (!hit || focused.contains(hit) || hit.contains(focused)) return null;
    // Its own label or wrapper drawn over it (Mantine's checkbox) is the control too.
    if (focused instanceof HTMLInputElement && [...(focused.labels ?? [])].some((label) => label.contains(hit)))
      return null;
    const cover = hit.closest('header, [role="alert"], [role="status"], .mantine-Notification-root') ?? hit;
    return `${focused.tagName} "${(focused.getAttribute('aria-label') || focused.textContent || '').trim().slice(0, 40)}" under ${cover.tagName}.${[...cover.classList].join('.')}`;
  });
}

/** The footer navigation's first link: the help link, on every page (3.2.6). */
async function expectHelpFirstInFooter(page: Page, lang: Lang, label: string) {
  const footerNav = page.locator('footer nav').first();
  const first = footerNav.locator('li').first().locator('a, button').first();
  await expect(first, `help link on ${label}`).toHaveAttribute('data-help-link', 'true');
  await expect(first, `help link on ${label}`).toHaveAttribute('href', lang === 'es' ? '/es#contact' : '/#contact');
  await expect(first).toHaveText(lang === 'es' ? 'Ayuda y contacto' : 'Help and contact');
}

async function checkPage(page: Page, walked: WalkedPage, lang: Lang) {
  await openPage(page, walked, lang);
  expect.soft(await smallTargets(page), `targets under 24 px on ${walked.label} (${lang})`).toEqual([]);
  expect.soft(await page.locator('[draggable="true"]').count(), `draggable on ${walked.label}`).toBe(0);
  expect.soft(await page.locator('iframe[src*="captcha" i], [class*="captcha" i]').count()).toBe(0);
  await expectHelpFirstInFooter(page, lang, walked.label);
  // Forwards from the top, then backwards from the bottom of the page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  expect.soft(await obscuredFocus(page, 'Tab', 25), `focus hidden on ${walked.label} (${lang})`).toEqual([]);
  await page.keyboard.press('End');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page
    .locator('footer')
    .last()
    .click({ position: { x: 2, y: 2 } });
  expect
    .soft(await obscuredFocus(page, 'Shift+Tab', 25), `focus hidden going back on ${walked.label} (${lang})`)
    .toEqual([]);
}

const VIEWPORTS = [
  { name: 'phone', size: { width: 375, height: 740 } },
  { name: 'desktop', size: { width: 1280, height: 800 } },
];

for (const lang of ['en', 'es'] as const) {
  for (const { name, size } of VIEWPORTS) {
    test.describe(`WCAG 2.2 in ${lang === 'es' ? 'Spanish' : 'English'} on a ${name}`, () => {
      test('the public pages', async ({ browser }) => {
        test.setTimeout(240_000);
        const context = await contextIn(browser, lang, size);
        const page = await context.newPage();
        const problems = watchConsole(page);
        problems.allowNotFound = true;
        for (const walked of PUBLIC_PAGES) {
          await test.step(walked.label, () => checkPage(page, walked, lang));
        }
        await closeContext(context, problems);
      });

      test("the couple's and the seller's pages", async ({ browser }) => {
        test.setTimeout(300_000);
        const context = await contextIn(browser, lang, size);
        const page = await context.newPage();
        const problems = watchConsole(page);
        await namedCouple(page);
        await keepLanguage(page, lang);
        for (const walked of COUPLE_PAGES) {
          await test.step(walked.label, () => checkPage(page, walked, lang));
        }
        await signInAdmin(page);
        for (const walked of ADMIN_PAGES) {
          await test.step(walked.label, () => checkPage(page, walked, lang));
        }
        await closeContext(context, problems);
      });
    });
  }

  test(`a toast never hides the focused control (${lang})`, async ({ browser }) => {
    const context = await contextIn(browser, lang, { width: 375, height: 740 });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(addressIn('/customer-login', lang));
    await expect(page.locator('[data-prerendered-frame]')).toHaveCount(0, { timeout: 15_000 });
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

test.describe('accessible authentication and redundant entry', () => {
  test('sign-in fields say what they are, and a code can be pasted', async ({ browser }) => {
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await page.goto('/customer-login');
    await expect(page.locator('[data-prerendered-frame]')).toHaveCount(0, { timeout: 15_000 });
    const email = page.getByRole('textbox', { name: /email/i });
    await expect(email).toHaveAttribute('autocomplete', 'email');
    const code = page.getByRole('textbox', { name: /access code/i });
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await page.evaluate(() => navigator.clipboard.writeText('ABCD-EFGH-IJKL'));
    await code.focus();
    await page.keyboard.press('ControlOrMeta+V');
    await expect(code).toHaveValue('ABCD-EFGH-IJKL');

    await page.goto('/login');
    await expect(page.locator('[data-prerendered-frame]')).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByRole('textbox', { name: /username/i })).toHaveAttribute('autocomplete', 'username');
    const password = page.getByLabel(/^password/i);
    await expect(password).toHaveAttribute('autocomplete', 'current-password');
    await page.evaluate(() => navigator.clipboard.writeText('a pasted password'));
    await password.focus();
    await page.keyboard.press('ControlOrMeta+V');
    await expect(password).toHaveValue('a pasted password');

    await page.goto('/register');
    await expect(page.locator('[data-prerendered-frame]')).toHaveCount(0, { timeout: 15_000 });
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
    await expect(page.locator('[data-prerendered-frame]')).toHaveCount(0, { timeout: 15_000 });
    // The checkout page shows what was typed and asks for none of it again.
    await expect(page.getByText('ana.lima@example.com')).toBeVisible();
    await expect(page.locator('input[type="email"], input[autocomplete="email"]')).toHaveCount(0);
  });
});
