import { sql } from 'kysely';
import type { DB } from '../../db/client';
import type { Locale } from '../../../shared/i18n/locales';
import type { SitePageSlug } from '../../../shared/site-pages';

export interface SitePageRow {
  slug: SitePageSlug;
  markdown: string;
  updatedAt: string;
  updatedBy: string;
  /** Null for a page saved before its language was asked. */
  language: Locale | null;
}

const COLUMNS = ['slug', 'markdown', 'updated_at as updatedAt', 'updated_by as updatedBy', 'language'] as const;

/** Every saved page (at most four rows). */
export async function listSavedSitePages(db: DB): Promise<SitePageRow[]> {
  return (await db.selectFrom('site_pages').select(COLUMNS).execute()) as SitePageRow[];
}

export async function findSitePage(db: DB, slug: SitePageSlug): Promise<SitePageRow | undefined> {
  return (await db.selectFrom('site_pages').select(COLUMNS).where('slug', '=', slug).executeTakeFirst()) as
    | SitePageRow
    | undefined;
}

/** The slugs of the saved pages, without their text. */
export async function listSavedSlugs(db: DB): Promise<SitePageSlug[]> {
  const rows = await db.selectFrom('site_pages').select('slug').execute();
  return rows.map((row) => row.slug as SitePageSlug);
}

export async function hasSitePage(db: DB, slug: SitePageSlug): Promise<boolean> {
  const row = await db
    .selectFrom('site_pages')
    .select(sql<number>`1`.as('one'))
    .where('slug', '=', slug)
    .executeTakeFirst();
  return row !== undefined;
}

/** Writes a page's text, the admin's name and the time (one row per slug). */
export async function upsertSitePage(
  db: DB,
  page: { slug: SitePageSlug; markdown: string; language: Locale; updatedAt: string; adminAccountId: number },
): Promise<void> {
  await db
    .insertInto('site_pages')
    .columns(['slug', 'markdown', 'language', 'updated_at', 'updated_by'])
    .expression(
      db
        .selectFrom('accounts')
        .select([
          sql<string>`${page.slug}`.as('slug'),
          sql<string>`${page.markdown}`.as('markdown'),
          sql<string>`${page.language}`.as('language'),
          sql<string>`${page.updatedAt}`.as('updated_at'),
          sql<string>`coalesce(accounts.username, 'account ' || accounts.id)`.as('updated_by'),
        ])
        .where('accounts.id', '=', page.adminAccountId),
    )
    .onConflict((conflict) =>
      conflict.column('slug').doUpdateSet({
        markdown: (eb) => eb.ref('excluded.markdown'),
        language: (eb) => eb.ref('excluded.language'),
        updated_at: (eb) => eb.ref('excluded.updated_at'),
        updated_by: (eb) => eb.ref('excluded.updated_by'),
      }),
    )
    .execute();
}
