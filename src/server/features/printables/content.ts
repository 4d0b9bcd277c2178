import type { AppDeps } from '../../deps';
import { bundledContentLibrary } from '../workbook/content-library';
import type { PrintableWeek } from './framework-pdf';

/**
 * The weeks that have content of their own, by week: what a generated printable is made from
 * (decision 0120). A week that only falls back to week 1's content has none, so it gets no
 * printable and, without an upload, stays "coming soon" (docs/product.md#states).
 *
 * The one place that reads the course content for printing: when content moves into the database,
 * this is what changes.
 */
export async function weeksWithPrintableContent(_deps: AppDeps): Promise<Map<number, PrintableWeek>> {
  const library = bundledContentLibrary();
  return new Map(library.weeksWithContent().map((weekNumber) => [weekNumber, library.contentFor(weekNumber)]));
}

/** One week's content for printing, or null when the week has none of its own. */
export async function printableWeekContent(deps: AppDeps, weekNumber: number): Promise<PrintableWeek | null> {
  return (await weeksWithPrintableContent(deps)).get(weekNumber) ?? null;
}
