import { i18n } from '@lingui/core';
import { createTRPCClient, httpBatchLink, splitLink } from '@trpc/client';
import type { inferRouterOutputs } from '@trpc/server';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../server/trpc/router';
import { TRPC_MAX_BATCH_SIZE } from '../shared/constants';
import { SECRET_INPUT_QUERIES } from '../shared/link-secrets';
import { createGuardedFetch } from './lib/network';
import { queryClient } from './query-client';

// The query client lives in its own module (kept out of the tRPC client's chunk); re-exported here.
export { createQueryClient, queryClient } from './query-client';

const batchOptions = {
  url: '/api/trpc',
  maxItems: TRPC_MAX_BATCH_SIZE,
  fetch: createGuardedFetch((input, init) => fetch(input, { ...init, credentials: 'same-origin' })),
  // The page's language, for what the server makes in it: a new account's language, a checkout's,
  // a gift's (decision 0277). Without it the server fell back to the browser's languages, so a
  // Spanish page in an English browser made an English account (decision 0390).
  headers: (): Record<string, string> => (i18n.locale ? { 'accept-language': i18n.locale } : {}),
};

/**
 * The one tRPC client: batched HTTP to /api/trpc, sending the session cookie. Every mutation is
 * refused while the browser is offline and given up after 15 s without an answer (lib/network.ts,
 * decision 0133), so no button spins for ever. A query whose input is a link's secret (a gift's
 * code, an invitation's token) goes as POST with its input in the body, never in the URL
 * (decision 0367).
 */
export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      condition: (op) => op.type === 'query' && SECRET_INPUT_QUERIES.has(op.path),
      true: httpBatchLink({ ...batchOptions, methodOverride: 'POST' }),
      false: httpBatchLink(batchOptions),
    }),
  ],
});

/**
 * Query and mutation options for every procedure, usable in route loaders
 * (`queryClient.ensureQueryData(trpc.auth.check.queryOptions())`) and in components
 * (`useQuery(trpc.auth.check.queryOptions())`).
 */
export const trpc = createTRPCOptionsProxy<AppRouter>({
  client: trpcClient,
  queryClient,
});

export type RouterOutputs = inferRouterOutputs<AppRouter>;
