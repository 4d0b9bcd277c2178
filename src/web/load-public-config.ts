import type { QueryClient } from '@tanstack/react-query';
import { embeddedPublicConfig } from './public-config';
import { trpc } from './trpc';

/**
 * A route loader's public config: the one the server wrote into the page (no request, no layout
 * shift when it arrives) or, without it (the dev server), fetched alongside the page, which does not wait.
 * Kept out of public-config.ts, which the landing page imports without the tRPC client.
 */
export function loadPublicConfig(queryClient: QueryClient): void {
  const options = trpc.publicConfig.get.queryOptions();
  const embedded = embeddedPublicConfig();
  if (embedded) queryClient.setQueryData(options.queryKey, embedded);
  else void queryClient.prefetchQuery(options);
}
