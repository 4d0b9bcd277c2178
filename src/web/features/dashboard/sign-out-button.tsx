import { Button } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';

/** Ends the session, forgets every cached answer of this couple and goes to the sign-in page. */
export function SignOutButton() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = useMutation(
    trpc.auth.logout.mutationOptions({
      onSuccess: async () => {
        queryClient.clear();
        notify.success('Logged out successfully');
        await navigate({ to: '/customer-login' });
      },
      onError: (error) => notify.error('Error', errorMessage(error, 'Something went wrong. Please try again.')),
    }),
  );
  return (
    <Button variant="default" size="sm" leftSection={<IconLogout size={16} aria-hidden="true" />} loading={logout.isPending} onClick={() => logout.mutate()}>
      Sign out
    </Button>
  );
}
