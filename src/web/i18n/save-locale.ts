import type { Locale } from '../../shared/i18n/locales';

/**
 * Keeps a language choice on the server: `PUT /api/locale` sets the cookie and, for a signed-in
 * person, their own account's language (emails and PDFs follow it). Best effort: the page has
 * switched already and the browser's cookie holds the choice if this request fails.
 */
export function saveLocale(locale: Locale): void {
  void fetch('/api/locale', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify({ locale }),
  }).catch(() => undefined);
}
