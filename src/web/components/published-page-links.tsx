import { useQuery } from '@tanstack/react-query';
import { trpc } from '../trpc';
import { type PublicPageLinkClasses, PublicPageLinks } from './public-page-links';

/**
 * The footer's page links, asking the server which pages are published (decision 0144: one cheap
 * public query, so a page saved in Settings shows in every footer at once, without rebuilding the
 * HTML the server embeds at start-up).
 */
export function PublishedPageLinks({ classNames }: { classNames?: PublicPageLinkClasses }) {
  const published = useQuery(trpc.sitePages.listPublished.queryOptions());
  return <PublicPageLinks published={published.data?.slugs} classNames={classNames} />;
}
