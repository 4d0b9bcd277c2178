import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';

/**
 * Signs out (auth.logout), forgets every cached answer (they belonged to the admin), says
 * 'Logged out successfully' and goes to /login (SPEC sections 4 and 8).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation(
    trpc.auth.logout.mutationOptions({
      onSuccess: async () => {
        queryClient.clear();
        notify.success('Logged out successfully');
        await navigate({ to: '/login' });
      },
      onError: (error) => notify.error('Logout Failed', errorMessage(error, 'Could not sign you out. Please try again.')),
    }),
  );
}
