import { Anchor, Text } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { AdminLoginForm } from '../features/auth/admin-login-form';
import { AuthPage } from '../features/auth/auth-page';
import { translate } from '../i18n/i18n';
import { useT } from '../i18n/use-t';

export const Route = createFileRoute('/admin-login')({
  head: () => ({ meta: [{ title: translate('auth.admin.documentTitle') }] }),
  component: AdminLoginPage,
});

function AdminLoginPage() {
  const { t } = useT();
  return (
    <AuthPage
      title={t('auth.admin.title')}
      description={t('auth.admin.description')}
      footer={
        <Text size="sm">
          {t('auth.admin.notAdmin')}{' '}
          <Anchor component={Link} to="/login">
            {t('auth.admin.coupleLink')}
          </Anchor>
        </Text>
      }
    >
      <AdminLoginForm />
    </AuthPage>
  );
}
