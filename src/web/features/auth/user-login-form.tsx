import { useMutation } from '@tanstack/react-query';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';
import { PasswordSignInForm } from './password-sign-in-form';
import { SignInPaused } from './sign-in-paused';
import { useEnterAfterSignIn } from './session-cache';

/** /login: a couple that registered with a username signs in and goes to the dashboard. */
export function UserLoginForm() {
  const enter = useEnterAfterSignIn();
  const login = useMutation(
    trpc.auth.userLogin.mutationOptions({
      onSuccess: async (result) => {
        notify.success('Login Successful', result.firstSignIn ? 'Welcome!' : 'Welcome back!');
        await enter('/dashboard');
      },
      onError: (error) =>
        notify.error('Login Failed', errorMessage(error, 'An error occurred during login. Please try again.')),
    }),
  );

  return (
    <PasswordSignInForm
      submitLabel="Sign in"
      onSubmit={(values) => login.mutate(values)}
      busy={login.isPending || login.isSuccess}
      notice={<SignInPaused error={login.error} />}
    />
  );
}
