import { Anchor, Text } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { AdminLoginForm } from '../features/auth/admin-login-form';
import { AuthPage } from '../features/auth/auth-page';
import { translate } from '../i18n/i18n';
import { useT } from '../i18n/use-t';

export const Route = createFileRoute('/admin-login')({
  head: () => ({ meta: [{ title: translate('admin.title.login') }] }),
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
