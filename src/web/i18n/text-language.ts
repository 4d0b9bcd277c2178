import type { Locale } from '../../shared/i18n/locales';

/**
 * The `lang` to give text written in `language` on a page in `page` (WCAG 3.1.2, language of
 * parts): its own where it differs from the page's; none where the page's already says it, or where
 * the language is not known.
 */
export function langOf(language: Locale | null | undefined, page: Locale): Locale | undefined {
  return language && language !== page ? language : undefined;
}
