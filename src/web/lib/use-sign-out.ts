import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { notify } from '../components/notifications';
import { trpc } from '../trpc';
import { resetSessionCache } from './session-cache';

/**
 * Signing out, for any page (navigation bar, admin area): ends the server session, says 'Logged out
 * successfully', goes to /login and forgets every cached answer of the previous user. The cache is
 * reset after leaving the page, so the page's own queries do not refetch as nobody.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation(
    trpc.auth.logout.mutationOptions({
      onSuccess: async () => {
        notify.success('Logged out successfully');
        await navigate({ to: '/login' });
        await resetSessionCache(queryClient);
      },
      onError: () => notify.error('Error', 'Something went wrong. Please try again.'),
    }),
  );
  return {
    signOut: () => mutation.mutate(),
    /** True from the click until the next page is shown. */
    isPending: mutation.isPending,
  };
}
