import type { QueryClient } from '@tanstack/react-query';

/**
 * After a sign-in or sign-out every cached answer may describe someone else (and nothing goes stale
 * on its own: staleTime is Infinity), so all queries go back to their initial state. Queries on
 * screen fetch again at once; the rest fetch when next needed, so a route guard's
 * `ensureQueryData(trpc.auth.check...)` never sees the previous user.
 */
export function resetSessionCache(queryClient: QueryClient): Promise<void> {
  return queryClient.resetQueries();
}
