import { Button, type ButtonProps } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { notify } from '../../components/notifications';
import { trpc } from '../../trpc';
import { useEnterAfterSignIn } from '../../lib/session-cache';
import { rememberSignInMethod } from '../../lib/sign-in-method';
import { translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';

/**
 * The footer's 'Instant Login (Dev)' button (docs/product.md#landing-page): signs in as the demo
 * couple with the demo email and code the server publishes, then opens the dashboard. It exists
 * only while the server says demo mode is on; the credentials are never part of the bundle.
 */
export function InstantLoginButton(props: ButtonProps) {
  const enter = useEnterAfterSignIn();
  const { t } = useT();
  const config = useQuery(trpc.publicConfig.get.queryOptions());
  const login = useMutation(
    trpc.auth.customerLogin.mutationOptions({
      onSuccess: async () => {
        rememberSignInMethod('code');
        await enter('/dashboard', () =>
          notify.success(translate('common.instantLogin.success'), translate('common.instantLogin.welcome')),
        );
      },
      onError: () => notify.error(t('common.instantLogin.failedTitle'), t('common.instantLogin.failed')),
    }),
  );

  const demo = config.data;
  if (!demo?.demoMode || !demo.demoEmail || !demo.demoAccessCode) return null;
  const credentials = { email: demo.demoEmail, accessCode: demo.demoAccessCode };
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      {...props}
      loading={login.isPending || login.isSuccess}
      onClick={() => login.mutate(credentials)}
    >
      {t('common.instantLogin.button')}
    </Button>
  );
}
