import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import type { SitePageSlug } from '../../../shared/site-page-list';

/**
 * The loader of /refund, /privacy, /terms and /faq: the page's HTML, or the app's 404 page while
 * the seller has not saved it (the server answers those paths with 404 then, too). The tRPC client
 * is imported on demand, as in the guards (decision 0072).
 */
export async function loadSitePage(queryClient: QueryClient, slug: SitePageSlug): Promise<void> {
  const { trpc } = await import('../../trpc');
  try {
    await queryClient.ensureQueryData(trpc.sitePages.get.queryOptions({ slug }));
  } catch (error) {
    if (error instanceof TRPCClientError && error.data?.httpStatus === 404) throw notFound();
    throw error;
  }
}
