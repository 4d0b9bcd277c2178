import { useMutation } from '@tanstack/react-query';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { rememberFocus, returnFocus } from '../../lib/focus';
import { trpc } from '../../trpc';
import { PasswordSignInForm } from './password-sign-in-form';
import { SignInPaused } from './sign-in-paused';
import { useEnterAfterSignIn } from '../../lib/session-cache';
import { rememberSignInMethod } from '../../lib/sign-in-method';
import { translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';

/**
 * /login: a couple that registered with a username signs in and goes to the dashboard, or to `next`
 * (a path of this site) when a page sent them here.
 */
export function UserLoginForm({ next }: { next?: string | undefined }) {
  const enter = useEnterAfterSignIn();
  const { t } = useT();
  const login = useMutation(
    trpc.auth.userLogin.mutationOptions({
      // A refusal brings the focus back to the button its loading state disabled (decision 0346).
      onMutate: rememberFocus,
      onSuccess: async (result) => {
        rememberSignInMethod('password');
        await enter(
          '/dashboard',
          () =>
            notify.success(
              translate('auth.toast.signedIn'),
              translate(result.firstSignIn ? 'auth.toast.welcome' : 'auth.toast.welcomeBack'),
            ),
          next,
        );
      },
      onError: (error, _input, remembered) => {
        notify.error(t('auth.toast.signInFailed'), errorMessage(error, t('auth.password.error')));
        returnFocus(remembered);
      },
    }),
  );

  return (
    <PasswordSignInForm
      submitLabel={t('auth.signIn.submit')}
      onSubmit={(values) => login.mutate(values)}
      busy={login.isPending || login.isSuccess}
      notice={<SignInPaused error={login.error} />}
    />
  );
}
