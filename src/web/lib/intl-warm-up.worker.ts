/// <reference lib="webworker" />
/**
 * Started by main.tsx as the page boots (decision 0391): makes once each Intl formatter the pages
 * use, in the page's language (the worker's name), then ends. ICU loads a language's data the first
 * time a formatter is made, 20-80 ms on this machine, and keeps it for the whole renderer process,
 * workers included: made here, on a thread of its own, the page's own first formatter then takes
 * under a millisecond instead of adding that time to a task of its first render.
 */
import { formatDate, formatList, formatMoney, formatNumber, intlTag } from '../../shared/i18n/format';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../shared/i18n/locales';

declare const self: DedicatedWorkerGlobalScope;

const locale = LOCALES.find((candidate) => candidate === self.name) ?? DEFAULT_LOCALE;
warmUp(locale);
self.close();

function warmUp(language: Locale) {
  formatNumber(language, 1234.5);
  formatNumber(language, 0.25, { style: 'percent' });
  formatMoney(language, 4900, 'usd');
  formatDate(language, Date.now());
  formatList(language, ['', '']);
  new Intl.PluralRules(intlTag(language)).select(1);
}
