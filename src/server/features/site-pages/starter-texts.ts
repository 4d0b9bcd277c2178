import type { Locale, MessageId } from '../../../shared/i18n/locales';
import { SITE_PAGES, type SitePageSlug } from '../../../shared/site-pages';
import { t } from '../i18n/translate';

/**
 * Starter texts for the four public pages, shown in the Settings editor until the seller saves
 * their own (docs/product.md#admin-screen), in the seller's own language (decision 0232,
 * amendment): the texts live in the server's `starters` catalogs (src/locales/<locale>/starters.json),
 * which no page loads, so this server file stays ASCII. They describe what this app really does and stores; the words in
 * [square brackets] are for the seller to fill in (the editor asks before publishing one left
 * blank). They are a starting point, not legal advice: the editor tells the seller to review and
 * adapt them before publishing.
 */
const STARTER_IDS: Record<SitePageSlug, MessageId> = {
  faq: 'starters.faq',
  refund: 'starters.refund',
  privacy: 'starters.privacy',
  terms: 'starters.terms',
};

/** One page's starter text in `locale`. */
export function starterText(locale: Locale, slug: SitePageSlug): string {
  return t(locale, STARTER_IDS[slug]);
}

/** The English starter texts (the source the translations follow). */
export const STARTER_TEXTS: Record<SitePageSlug, string> = Object.fromEntries(
  SITE_PAGES.map(({ slug }) => [slug, starterText('en', slug)]),
) as Record<SitePageSlug, string>;
