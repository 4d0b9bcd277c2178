import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { notify } from '../../components/notifications';

/**
 * Signs out (POST /api/auth/logout), forgets every cached answer (they belonged to the admin), says
 * 'Logged out successfully' and goes to /login (SPEC sections 4 and 8).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      const response = await fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin' });
      if (!response.ok) throw new Error(`Logout failed with status ${response.status}`);
    },
    onSuccess: async () => {
      queryClient.clear();
      notify.success('Logged out successfully');
      await navigate({ to: '/login' });
    },
    onError: () => notify.error('Logout Failed', 'Could not sign you out. Please try again.'),
  });
}
