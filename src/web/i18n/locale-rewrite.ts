import type { AnyRouter, LocationRewrite } from '@tanstack/react-router';
import { localizedPath, unlocalizedPath } from '../../shared/i18n/localized-pages';
import type { Locale } from '../../shared/i18n/locales';
import { i18n, initialLocale } from './i18n';

/** The page's language: the active one, or before any catalog is loaded the one the page starts in. */
const currentLocale = (): Locale => (i18n.locale as Locale) || initialLocale();

/**
 * The public pages' Spanish addresses (src/shared/i18n/localized-pages.ts, decision 0275) as one
 * route each: `/es/login` reaches the `/login` route (input), and in Spanish every link to such a
 * page, and the address bar, say `/es/login` (output). Other paths pass unchanged.
 */
export const localeRewrite: LocationRewrite = {
  input: ({ url }) => {
    const page = unlocalizedPath(url.pathname);
    if (page !== url.pathname) url.pathname = page;
    return url;
  },
  output: ({ url }) => {
    // `/` and `/es` are routes of their own (the landing page), chosen by the links themselves.
    if (url.pathname === '/' || url.pathname === '/es') return url;
    url.pathname = localizedPath(url.pathname, currentLocale());
    return url;
  },
};

/**
 * After a language switch on a public page: the address of the page in the new language
 * (`/es/login` <-> `/login`), or null when it has one address for both.
 */
export function addressInLanguage(location: { pathname: string; search: string; hash: string }, locale: Locale) {
  const next = localizedPath(location.pathname, locale);
  if (next === location.pathname || location.pathname === '/' || location.pathname === '/es') return null;
  return `${next}${location.search}${location.hash}`;
}

/**
 * Saves the choice (SiteLayout's switch) and moves a public page to its address in the new
 * language, in place (no new history entry): the route is the same, so only the address changes.
 */
export function followLanguage(router: AnyRouter, locale: Locale): void {
  const next = addressInLanguage(window.location, locale);
  if (next) router.history.replace(next, router.history.location.state);
  // A page with one address for both languages (/verify, /mentor, /facilitator, the dashboard)
  // does not move: its title is worked out again, or it stayed in the old language (read out by a
  // screen reader, shown in the tab).
  else void router.invalidate();
}
