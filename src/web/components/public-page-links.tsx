import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { SITE_PAGES, type SitePageSlug } from '../../shared/site-page-list';
import { useT } from '../i18n/use-t';

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
  const { t } = useT();
  return (
    <>
      {SITE_PAGES.map(({ slug, path }) => (
        <li key={slug}>
          {published?.includes(slug) ? (
            <Anchor component={Link} to={path} size="sm" className={classNames.link}>
              {t(`common.footer.${slug}`)}
            </Anchor>
          ) : (
            <button
              type="button"
              className={classNames.placeholder}
              aria-disabled="true"
              title={t('common.footer.comingSoon')}
            >
              {t(`common.footer.${slug}`)}
              <span className={classNames.visuallyHidden}>{t('common.footer.comingSoonHidden')}</span>
            </button>
          )}
        </li>
      ))}
    </>
  );
}
