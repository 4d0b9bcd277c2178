import { Anchor, Text } from '@mantine/core';
import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { AdminLoginForm } from '../features/auth/admin-login-form';
import { AuthPage } from '../features/auth/auth-page';
import { translate } from '../i18n/i18n';
import { useT } from '../i18n/use-t';

export const Route = createFileRoute('/admin-login')({
  head: () => ({ meta: [{ title: translate('admin.title.login') }] }),
  // Comfort only: the administrator signed in already (the landing footer's link) goes straight on
  // to /admin. The tRPC client is imported on demand, as /admin's guard does (decision 0072).
  beforeLoad: async ({ context }) => {
    const { trpc } = await import('../trpc');
    // Not known (offline, the server unreachable): the sign-in form, as for anyone signed out.
    const auth = await context.queryClient.ensureQueryData(trpc.auth.check.queryOptions()).catch(() => undefined);
    if (auth?.isAdmin) throw redirect({ to: '/admin' });
  },
  component: AdminLoginPage,
});

function AdminLoginPage() {
  const { t } = useT();
  return (
    <AuthPage
      title={t('admin.login.heading')}
      description={t('admin.login.description')}
      footer={
        <Text size="sm">
          {t('admin.login.notAdmin')}{' '}
          <Anchor component={Link} to="/login">
            {t('admin.login.coupleSignIn')}
          </Anchor>
        </Text>
      }
    >
      <AdminLoginForm />
    </AuthPage>
  );
}
