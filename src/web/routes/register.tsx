import { Anchor, Text } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { AuthPage } from '../features/auth/auth-page';
import { RegisterForm } from '../features/auth/register-form';
import { translate } from '../i18n/i18n';
import { useT } from '../i18n/use-t';
import { TOTAL_WEEKS } from '../../shared/constants';

export const Route = createFileRoute('/register')({
  head: () => ({ meta: [{ title: translate('auth.register.documentTitle') }] }),
  component: RegisterPage,
});

function RegisterPage() {
  const { t } = useT();
  return (
    <AuthPage
      title={t('auth.register.title')}
      description={t('auth.register.description', { weeks: TOTAL_WEEKS })}
      footer={
        <>
          <Text size="sm">
            {t('auth.register.haveAccount')}{' '}
            <Anchor component={Link} to="/login">
              {t('auth.signIn.submit')}
            </Anchor>
          </Text>
          <Text size="sm">
            {t('auth.register.haveCode')}{' '}
            <Anchor component={Link} to="/customer-login">
              {t('auth.register.signInWithCode')}
            </Anchor>
          </Text>
        </>
      }
    >
      <RegisterForm />
    </AuthPage>
  );
}
