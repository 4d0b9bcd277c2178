import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { adoptAccountLocale } from '../i18n/i18n';
import { safeNextPath } from './next-path';
import { forgetOfflineData } from './offline-data';

/**
 * After a sign-in or sign-out every cached answer may describe someone else (and nothing goes stale
 * on its own: staleTime is Infinity), so all queries go back to their initial state. Queries on
 * screen fetch again at once; the rest fetch when next needed, so a route guard's
 * `ensureQueryData(trpc.auth.check...)` never sees the previous user.
 */
export async function resetSessionCache(queryClient: QueryClient): Promise<void> {
  // What the service worker kept of the previous user for offline use goes first (decision 0266).
  await forgetOfflineData();
  return queryClient.resetQueries();
}

/**
 * After a successful sign-in: forget every cached answer of whoever was signed in before, take on
 * the account's language (decision 0309), say `welcome` (a toast, in that language), then open
 * `next` when a page sent the couple to sign in (a path of this site: lib/next-path.ts), else `to`. (Kept here, not beside the forms, so the landing page's instant login stays free of the
 * form and schema code.)
 */
export function useEnterAfterSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (to: '/admin' | '/dashboard', welcome?: () => void, next?: string) => {
    const back = safeNextPath(next);
    await resetSessionCache(queryClient);
    await adoptAccountLocale(back ? pathOf(back) : to);
    welcome?.();
    await (back ? navigate({ href: back }) : navigate({ to }));
  };
}

/** The path of a `next` address (lib/next-path.ts), without its search or hash. */
export const pathOf = (address: string): string => address.split(/[?#]/)[0] || '/';
