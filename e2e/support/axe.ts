import fs from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core's minified build (0.65 MB), the copy the builder itself depends on (same version, same
 * rules), handed to the builder's `axeSource` option. By default the builder reads the unminified
 * build (1.5 MB) and sends it through Playwright's protocol to the page on every scan: on a small page
 * that transfer, not axe's work, was most of the scan (12 scans each of /admin, /, /login and
 * /admin/content: 88 s with the default source, 69 s with this one, 2026-11-27).
 */
const AXE_SOURCE = fs.readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * axe-core run inside the page itself (axe.run, the builder's "legacy mode"). The builder's default
 * runs axe in every frame and then opens a blank page of the browser to merge the frames' results:
 * on this 2-core machine that took 3-13 s a page against 1.6-4.2 s in the page (2026-11-25, the same
 * violations and passes on /admin, /admin/content, /admin/outbox and /admin/couples). In the page,
 * axe scans same-origin frames but not cross-origin ones; the app has no frame at all, and a page that
 * gains a cross-origin one fails here until this helper scans frames again.
 */
export async function axeOn(
  page: Page,
  { include, onlyViolations = true }: { include?: string; onlyViolations?: boolean } = {},
) {
  const origin = new URL(page.url()).origin;
  const crossOrigin = page
    .frames()
    .map((frame) => frame.url())
    .filter((url) => !['', 'about:blank', 'about:srcdoc'].includes(url) && URL.parse(url)?.origin !== origin);
  expect(crossOrigin, 'a cross-origin frame, which axe in the page cannot scan (e2e/support/axe.ts)').toEqual([]);
  const builder = new AxeBuilder({ page, axeSource: AXE_SOURCE }).setLegacyMode(true);
  // Only the violations' elements are collected (axe's `resultTypes`): collecting the passes'
  // elements is most of axe's time on a large page, 15-30% here.
  if (onlyViolations) builder.options({ resultTypes: ['violations'] });
  if (include) builder.include(include);
  return builder.analyze();
}

/**
 * Waits for the transitions and animations under way (the infinite ones, a loader's, aside) to
 * finish, a frame or two after the last change so that one about to start has started: contrast is
 * measured on the colours a user reads, not half-way through a dialog's fade (2026-11-29: the Record
 * an order dialog's help text at 4.11:1 while it faded in).
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document
      .getAnimations()
      .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)));
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** axe-core on the page as it stands once settled (or on the part `include` selects): every rule, no violation of any impact. */
export async function expectNoAxeViolations(
  page: Page,
  label: string,
  { include }: { include?: string } = {},
): Promise<void> {
  await settled(page);
  const results = await axeOn(page, { include });
  const violations = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}: ${violation.nodes
        .map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`.trim())
        .join('; ')}`,
  );
  expect(violations, `axe on ${label}`).toEqual([]);
}
