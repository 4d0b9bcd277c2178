import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { notify } from '../components/notifications';
import { adoptDeviceLocale, translate } from '../i18n/i18n';
import { trpc } from '../trpc';
import { notSavedError } from './api-error';
import { forgetSignedInDrafts } from './local-draft';
import { resetSessionCache } from './session-cache';
import { signInPathOnThisDevice } from './sign-in-method';

/**
 * A sign-out the server did not answer: still signed in, said in an error toast (role=alert). Offline,
 * that signing out needs the network; otherwise to try again. The couple's, the admin's and the
 * facilitator's sign-outs say it alike.
 */
export function notifySignOutFailed(error: unknown): void {
  const offline = notSavedError(error)?.reason === 'offline';
  notify.error(translate('auth.toast.error'), translate(offline ? 'auth.toast.signOutOffline' : 'auth.toast.tryAgain'));
}

/**
 * Signing out, for any page (navigation bar, admin area): ends the server session, takes on the
 * language last chosen on this device (decision 0355), says 'Logged out successfully' (or,
 * offline, that signing out needs the network), goes to the sign-in page on the
 * tab of the method last used on this device (/customer-login or /login) and forgets every
 * cached answer and local draft of the previous user. The cache is reset after leaving the page, so
 * the page's own queries do not refetch as nobody.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation(
    trpc.auth.logout.mutationOptions({
      onSuccess: async () => {
        forgetSignedInDrafts();
        const signInPath = signInPathOnThisDevice();
        // The sign-in page in the language last chosen on this device, not the account's (decision
        // 0355): the next person at a shared device reads what the device chose. The toast too.
        await adoptDeviceLocale(signInPath);
        notify.success(translate('auth.toast.signedOut'));
        await navigate({ to: signInPath });
        await resetSessionCache(queryClient);
      },
      onError: notifySignOutFailed,
    }),
  );
  return {
    signOut: () => mutation.mutate(),
    /** True from the click until the next page is shown. */
    isPending: mutation.isPending,
  };
}
