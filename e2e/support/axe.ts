import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core on the page as it stands (or on the part `include` selects): every rule, no violation of
 * any impact. Only the violations' elements are collected (axe's `resultTypes`): collecting the
 * passes' elements is most of axe's time on a large page, 15-30% here.
 */
export async function expectNoAxeViolations(
  page: Page,
  label: string,
  { include }: { include?: string } = {},
): Promise<void> {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (include) builder.include(include);
  const results = await builder.analyze();
  const violations = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}: ${violation.nodes
        .map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`.trim())
        .join('; ')}`,
  );
  expect(violations, `axe on ${label}`).toEqual([]);
}
