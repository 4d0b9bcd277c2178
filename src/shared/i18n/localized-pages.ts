import type { Locale } from './locales';

/**
 * The public pages with an address per language (issue 35, decision 0275): `/login` in English,
 * `/es/login` in Spanish, each prerendered in its language with `lang`, its translated title and
 * `hreflang` alternates, so search engines and links reach both. The landing page has `/` and `/es`
 * (decision 0231). Pages behind a sign-in (dashboard, admin) keep one address and follow the
 * person's language.
 */
export const LOCALIZED_PAGE_PATHS = [
  '/login',
  '/register',
  '/customer-login',
  '/checkout',
  '/success',
  '/gift',
  '/gift/sent',
  '/redeem',
  '/faq',
  '/refund',
  '/privacy',
  '/terms',
] as const;

export type LocalizedPagePath = (typeof LOCALIZED_PAGE_PATHS)[number];

const LOCALIZED = new Set<string>(LOCALIZED_PAGE_PATHS);

export function isLocalizedPagePath(pathname: string): pathname is LocalizedPagePath {
  return LOCALIZED.has(pathname);
}

/** A page's address in a language: `/es/login` for Spanish; any other path unchanged. */
export function localizedPath(pathname: string, locale: Locale): string {
  const page = unlocalizedPath(pathname);
  if (page === '/' || page === '/es') return locale === 'es' ? '/es' : '/';
  return locale === 'es' && isLocalizedPagePath(page) ? `/es${page}` : page;
}

/** The page an address shows: `/es/login` is `/login`; any other path unchanged. */
export function unlocalizedPath(pathname: string): string {
  if (!pathname.startsWith('/es/')) return pathname;
  const page = pathname.slice(3);
  return isLocalizedPagePath(page) ? page : pathname;
}

/** The `hreflang` alternates of a localized page (English is also the default). */
export function hreflangLinks(page: string): string[] {
  const english = localizedPath(page, 'en');
  return [
    `<link rel="alternate" hreflang="en" href="${english}">`,
    `<link rel="alternate" hreflang="es" href="${localizedPath(page, 'es')}">`,
    `<link rel="alternate" hreflang="x-default" href="${english}">`,
  ];
}
