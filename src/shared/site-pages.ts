import { LOCALES, type Locale } from './i18n/locales';
import { SITE_PAGE_SLUGS, type SitePageSlug } from './site-page-list';
import { z } from './zod';
import { formatCount } from './format-count';

export { SITE_PAGE_SLUGS, SITE_PAGES, type SitePageSlug } from './site-page-list';

/** A page's Markdown: long enough for a thorough policy, short enough to stay a page. */
export const SITE_PAGE_MAX_LENGTH = 50_000;

export const sitePageSlugSchema = z.enum(SITE_PAGE_SLUGS, {
  error: 'slug must be one of faq, refund, privacy or terms',
});

export const sitePageSlugInputSchema = z.object({ slug: sitePageSlugSchema });

/** What the Settings editor saves; the same schema checks the form before it sends. */
export const saveSitePageSchema = z.object({
  slug: sitePageSlugSchema,
  markdown: z
    .string({ error: 'markdown is required' })
    .trim()
    .min(1, 'markdown is required: write the page before saving it')
    .max(SITE_PAGE_MAX_LENGTH, `markdown must be at most ${formatCount(SITE_PAGE_MAX_LENGTH)} characters`),
  /** The language the text is written in; the saving admin's own when not given. */
  language: z.enum(LOCALES, { error: 'language must be en or es' }).optional(),
});

/** A page as the Settings editor shows it: the saved text, or the starter text while unsaved. */
export interface SitePageDraft {
  slug: SitePageSlug;
  path: string;
  markdown: string;
  /** False while the page has never been saved: `markdown` is then the starter text. */
  saved: boolean;
  /** The text's language: the saved one, else the admin's own (the starter text's). */
  language: Locale;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** A published page as the public sees it: HTML rendered on the server from the Markdown. */
export interface PublishedSitePage {
  slug: SitePageSlug;
  html: string;
  updatedAt: string;
  /** The language the seller wrote it in; null when a page saved before it was asked does not say. */
  language: Locale | null;
}
