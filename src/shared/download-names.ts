import type { Locale } from './i18n/locales';

/*
 * The names downloads are saved under, in the reader's language (issue 35): a Spanish couple's week
 * is `semana-1.pdf`, not `week-1.pdf`. The server names the file in its Content-Disposition
 * (server/http/content-disposition.ts); the page passes the same name as its fallback, for a
 * response that carries none. A name may hold letters beyond ASCII ("a\u00f1o"): the header adds
 * an ASCII spelling for the clients that need one.
 */

/** A week's framework PDF (docs/product.md#http-api). */
export function weekFileName(weekNumber: number, locale: Locale): string {
  return locale === 'es' ? `semana-${weekNumber}.pdf` : `week-${weekNumber}.pdf`;
}

/** A completed order's complete workbook, every week in one PDF (`/success`). */
export function completeWorkbookFileName(locale: Locale): string {
  return locale === 'es' ? 'cuaderno-vows-and-weeks.pdf' : 'vows-and-weeks-workbook.pdf';
}

/** The "Our year" keepsake (docs/product.md#keepsake). */
export function keepsakeFileName(locale: Locale): string {
  return locale === 'es' ? 'nuestro-a\u00f1o.pdf' : 'our-year.pdf';
}

/** The printable report of "What we each expect", one round of it. */
export function inventoryReportFileName(round: number, locale: Locale): string {
  return locale === 'es' ? `lo-que-cada-quien-espera-ronda-${round}.pdf` : `what-we-each-expect-round-${round}.pdf`;
}

/** "Add to calendar": the plan's next session, as a calendar file. */
export function nextSessionFileName(locale: Locale): string {
  return locale === 'es' ? 'pr\u00f3xima-sesi\u00f3n.ics' : 'next-session.ics';
}

/** A gift's printable card, in the language the gift was given in (decision 0242). */
export function giftCardFileName(locale: Locale): string {
  return locale === 'es' ? 'tarjeta-de-regalo-vows-and-weeks.pdf' : 'vows-and-weeks-gift-card.pdf';
}
