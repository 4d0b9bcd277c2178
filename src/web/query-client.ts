import { QueryClient } from '@tanstack/react-query';

/**
 * The one query client of the app (docs/product.md#web-client-calls): no automatic retry, no
 * refetch on focus, no polling, data never goes stale. When the network comes back, what failed
 * meanwhile (a query with no data: a page opened offline whose parts the device had not kept) is
 * asked again, so the page does not go on saying it is offline; nothing that loaded is fetched
 * again. Mutations invalidate what they change. Mutations run whatever the browser says about the network (`networkMode: 'always'`):
 * TanStack's default pauses them while offline, which left "Save Notes" spinning until the network
 * came back; the tRPC client refuses them at once instead, with a message (decision 0133).
 *
 * Kept apart from trpc.ts so the entry chunk (main.tsx, the router) can hold the client without
 * the tRPC client, which loads with the first component, loader or guard that calls the API.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
        staleTime: Infinity,
      },
      mutations: {
        retry: false,
        networkMode: 'always',
      },
    },
  });
}

export const queryClient = createQueryClient();
