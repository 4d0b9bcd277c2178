import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { SITE_PAGES, type SitePageSlug } from '../../../shared/site-page-list';

export interface PublicPageLinkClasses {
  link?: string;
  placeholder?: string;
  visuallyHidden?: string;
}

/**
 * The footer's FAQ, Refund Policy, Privacy Policy and Terms of Service (docs/product.md#landing-page),
 * as list items: a link to each page the seller has published, and the "coming soon" placeholder
 * (shown, announced as unavailable, going nowhere) for the others. Until the server has said which
 * are published (`published` undefined: the prerendered page, the first paint), all are placeholders.
 */
export function PublicPageLinks({
  published,
  classNames = {},
}: {
  published: readonly SitePageSlug[] | undefined;
  classNames?: PublicPageLinkClasses;
}) {
  return (
    <>
      {SITE_PAGES.map(({ slug, path, label }) => (
        <li key={slug}>
          {published?.includes(slug) ? (
            <Anchor component={Link} to={path} size="sm" className={classNames.link}>
              {label}
            </Anchor>
          ) : (
            <button type="button" className={classNames.placeholder} aria-disabled="true" title="Coming soon">
              {label}
              <span className={classNames.visuallyHidden}> (coming soon)</span>
            </button>
          )}
        </li>
      ))}
    </>
  );
}
