import type { MessageId } from '../../../shared/i18n/locales';
import { translate } from '../../i18n/i18n';

/**
 * The reveal's honest comparison (docs/product.md#sealed-answers): the workbook's answers are free
 * text, so two answers "agree" only when they read the same once case, spaces and punctuation are
 * ignored; any other pair of answers is one to talk about.
 */
export type Comparison = 'agree' | 'talk' | 'one' | 'none';

function normalized(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function compareAnswers(first: string | undefined, second: string | undefined): Comparison {
  const a = normalized(first ?? '');
  const b = normalized(second ?? '');
  if (a === '' && b === '') return 'none';
  if (a === '' || b === '') return 'one';
  return a === b ? 'agree' : 'talk';
}

/** A comparison's label in the page's language. */
export function comparisonLabel(comparison: Exclude<Comparison, 'none'>): string {
  return translate(`workbook.compare.${comparison}` as MessageId);
}
