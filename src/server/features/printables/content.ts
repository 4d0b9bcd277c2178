import type { Locale } from '../../../shared/i18n/locales';
import type { AppDeps } from '../../deps/app-deps';
import { weeksWithOwnContent } from '../workbook/course-content';
import type { PrintableWeek } from './framework-pdf';

/**
 * The weeks that have content of their own, by week, as the seller last saved it: what a generated
 * printable is made from (decision 0120). A week that only falls back to week 1's content has none,
 * so it gets no printable and, without an upload, stays "coming soon" (docs/product.md#states).
 */
export async function weeksWithPrintableContent(
  deps: AppDeps,
  locale: Locale = 'en',
): Promise<Map<number, PrintableWeek>> {
  return weeksWithOwnContent(deps.db, undefined, locale);
}

/**
 * One week's content for printing in a language, or null when the week has none of its own. A week
 * without a complete translation is printed whole in English (its `locale` says so; decision 0232).
 */
export async function printableWeekContent(
  deps: AppDeps,
  weekNumber: number,
  locale: Locale = 'en',
): Promise<PrintableWeek | null> {
  return (await weeksWithPrintableContent(deps, locale)).get(weekNumber) ?? null;
}
