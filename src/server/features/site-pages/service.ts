import { AppError } from '../../../shared/errors';
import { createSitePageMarkdown } from '../../../shared/site-page-markdown-rules';
import { SITE_PAGES, type PublishedSitePage, type SitePageDraft, type SitePageSlug } from '../../../shared/site-pages';
import { nowIso, type DB } from '../../db/client';
import type { AdminAuth } from '../auth/access';
import { recordAdminAction } from '../audit/service';
import { findSitePage, hasSitePage, listSavedSitePages, listSavedSlugs, upsertSitePage } from './repo';
import type { Locale } from '../../../shared/i18n/locales';
import { localeOfAccount } from '../i18n/locale';
import { starterText } from './starter-texts';
import { readRemembered } from '../../db/remembered-reads';

/**
 * The seller's public pages (docs/product.md#pages-and-routes): Refund Policy, Privacy Policy,
 * Terms of Service and FAQ, written in Markdown in the back office's Settings and published at
 * their paths once saved.
 */

/**
 * All four pages for the Settings editor: the saved text, or the starter text while unsaved, in the
 * signed-in admin's own language (decision 0232, amendment).
 */
export async function listSitePagesForEditing(db: DB, admin: AdminAuth): Promise<SitePageDraft[]> {
  const locale: Locale = await localeOfAccount(db, admin.accountId);
  const saved = new Map((await listSavedSitePages(db)).map((row) => [row.slug, row]));
  return SITE_PAGES.map(({ slug, path }) => {
    const row = saved.get(slug);
    return {
      slug,
      path,
      markdown: row?.markdown ?? starterText(locale, slug),
      saved: row !== undefined,
      language: row?.language ?? locale,
      updatedAt: row?.updatedAt ?? null,
      updatedBy: row?.updatedBy ?? null,
    };
  });
}

/** Saves one page and its audit line in one transaction; the page is published from then on. */
export async function saveSitePage(
  db: DB,
  admin: AdminAuth,
  input: { slug: SitePageSlug; markdown: string; language?: Locale },
  address: string | undefined,
): Promise<SitePageDraft> {
  const language = input.language ?? (await localeOfAccount(db, admin.accountId));
  await db.transaction().execute(async (trx) => {
    await upsertSitePage(trx, { ...input, language, updatedAt: nowIso(), adminAccountId: admin.accountId });
    await recordAdminAction(trx, admin, 'site-page.save', { target: `page ${input.slug}`, address: address ?? null });
  });
  const pages = await listSitePagesForEditing(db, admin);
  return pages.find((page) => page.slug === input.slug)!;
}

let render: Promise<(text: string) => string> | undefined;

/**
 * A published page, rendered to safe HTML; 404 while the seller has not saved it. The renderer
 * (markdown-it) is imported on the first published page read: a server whose seller never wrote
 * one does not hold it (idle memory, decision 0188).
 */
export async function getPublishedSitePage(db: DB, slug: SitePageSlug): Promise<PublishedSitePage> {
  const row = await findSitePage(db, slug);
  if (!row) throw new AppError('NOT_FOUND', 'Page not found');
  render ??= import('markdown-it').then(({ default: MarkdownIt }) => createSitePageMarkdown(MarkdownIt));
  const renderSitePageMarkdown = await render;
  return {
    slug,
    html: renderSitePageMarkdown(row.markdown),
    updatedAt: row.updatedAt,
    language: row.language,
  };
}

/** Which pages are published, for the footer's links (docs/product.md#landing-page). */
export async function listPublishedSitePages(db: DB): Promise<{ slugs: SitePageSlug[] }> {
  // The same for every visitor: kept while no page is saved (decision 0373).
  const saved = new Set(await readRemembered(db, 'sitePages.slugs', () => listSavedSlugs(db)));
  return { slugs: SITE_PAGES.map((page) => page.slug).filter((slug) => saved.has(slug)) };
}

/** Whether the page at this path is published (the server answers 200 or 404 for it). */
export async function isSitePagePublished(db: DB, slug: SitePageSlug): Promise<boolean> {
  return hasSitePage(db, slug);
}
