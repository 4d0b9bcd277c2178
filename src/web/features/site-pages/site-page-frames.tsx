import { useMatch } from '@tanstack/react-router';
import { SITE_PAGES } from '../../../shared/site-page-list';
import { SiteLayout } from '../../components/site-layout';
import { SitePageScreen, SitePageSkeleton } from './site-page-screen';

/** The seller's page of the route being shown (/faq, /refund, /privacy or /terms), in the site's frame. */
export function SitePage() {
  const routeId = useMatch({ strict: false, select: (match) => match.routeId });
  const page = SITE_PAGES.find((candidate) => candidate.path === routeId) ?? SITE_PAGES[0];
  return (
    <SiteLayout>
      <SitePageScreen slug={page.slug} />
    </SiteLayout>
  );
}

/** Its placeholder while the page's text loads. */
export function SitePagePending() {
  return (
    <SiteLayout>
      <SitePageSkeleton />
    </SiteLayout>
  );
}
