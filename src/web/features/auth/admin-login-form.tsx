import { useMutation } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';
import { PasswordSignInForm } from './password-sign-in-form';
import { useEnterAfterSignIn } from './session-cache';

/** /admin-login: the administrator signs in and goes to /admin. */
export function AdminLoginForm() {
  const enter = useEnterAfterSignIn();
  const login = useMutation(
    trpc.auth.adminLogin.mutationOptions({
      onSuccess: async () => {
        notify.success('Login Successful', 'Welcome back!');
        await enter('/admin');
      },
      onError: (error) => {
        // The server refused (wrong credentials, too many attempts) or could not be reached.
        if (error instanceof TRPCClientError && error.shape) {
          notify.error('Login Failed', errorMessage(error, 'Invalid username or password'));
        } else {
          notify.error('Error', 'Something went wrong. Please try again.');
        }
      },
    }),
  );

  return (
    <PasswordSignInForm
      submitLabel="Sign in as administrator"
      onSubmit={(values) => login.mutate(values)}
      busy={login.isPending || login.isSuccess}
    />
  );
}
