// No zod here: the footer's links import this list, and the landing page's first bundle stays small.

/**
 * The seller's public pages (docs/product.md#pages-and-routes): each answers 200 at its path once
 * the seller has saved it in the back office's Settings, the 404 page before.
 */
export const SITE_PAGES = [
  { slug: 'faq', path: '/faq' },
  { slug: 'refund', path: '/refund' },
  { slug: 'privacy', path: '/privacy' },
  { slug: 'terms', path: '/terms' },
] as const;

export type SitePageSlug = (typeof SITE_PAGES)[number]['slug'];
export const SITE_PAGE_SLUGS = SITE_PAGES.map((page) => page.slug) as [SitePageSlug, ...SitePageSlug[]];
