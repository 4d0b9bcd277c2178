import { expect, test } from '@playwright/test';
import { registerCouple } from './support/auth';
import { expectNoAxeViolations } from './support/axe';

/**
 * axe where the walk of every page (e2e/every-page.spec.ts, which runs axe on every page in both
 * languages) does not go: the welcome dialog a new couple meets first. Any violation, whatever its
 * impact, fails.
 */
test('axe, as a new couple: the welcome dialog', async ({ page }) => {
  await registerCouple(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('dialog', { name: 'Welcome to your 52-week journey!' })).toBeVisible();
  await expectNoAxeViolations(page, '/dashboard welcome dialog');
});

test('the axe helper fails on a violation, and on a page with a cross-origin frame it cannot scan', async ({
  page,
}) => {
  await page.goto('/404-axe-helper-check');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => {
    const image = document.createElement('img');
    image.src = '/favicon.svg';
    document.querySelector('main')?.append(image);
  });
  await expect(expectNoAxeViolations(page, 'an image without a text alternative')).rejects.toThrow(/image-alt/);
  await page.evaluate(() => {
    const frame = document.createElement('iframe');
    frame.src = 'data:text/html,<p>Another origin</p>';
    frame.title = 'Another page';
    document.querySelector('main')?.append(frame);
  });
  // The page's CSP refuses the frame's content: the frame then shows the browser's error page, which
  // is another origin all the same.
  await expect.poll(() => page.frames().length).toBe(2);
  await expect.poll(() => page.frames().at(-1)?.url()).toMatch(/^(?!about:blank$)./);
  await expect(expectNoAxeViolations(page, 'a page with a frame')).rejects.toThrow(/a cross-origin frame/);
});
