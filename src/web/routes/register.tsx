import { Anchor, Text } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { AuthPage } from '../features/auth/auth-page';
import { RegisterForm } from '../features/auth/register-form';
import { translate } from '../i18n/i18n';
import { useT } from '../i18n/use-t';
import { nextSearch } from '../lib/next-path';
import { TOTAL_WEEKS } from '../../shared/constants';

export const Route = createFileRoute('/register')({
  head: () => ({ meta: [{ title: translate('auth.register.documentTitle') }] }),
  // `?next=/mentor`: where the new account goes, a path of this site only.
  validateSearch: nextSearch,
  component: RegisterPage,
});

function RegisterPage() {
  const { t } = useT();
  const { next } = Route.useSearch();
  const search = next ? { next } : {};
  return (
    <AuthPage
      title={t('auth.register.title')}
      description={t('auth.register.description', { weeks: TOTAL_WEEKS })}
      footer={
        <>
          <Text size="sm">
            {t('auth.register.haveAccount')}{' '}
            <Anchor renderRoot={(props) => <Link {...props} to="/login" search={search} />}>
              {t('auth.signIn.submit')}
            </Anchor>
          </Text>
          <Text size="sm">
            {t('auth.register.haveCode')}{' '}
            <Anchor renderRoot={(props) => <Link {...props} to="/customer-login" search={search} />}>
              {t('auth.register.signInWithCode')}
            </Anchor>
          </Text>
        </>
      }
    >
      <RegisterForm next={next} />
    </AuthPage>
  );
}
