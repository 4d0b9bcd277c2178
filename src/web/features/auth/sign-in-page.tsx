import { Anchor, Tabs, Text } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { AuthPage } from './auth-page';
import { CustomerLogin } from './customer-login';
import { UserLoginForm } from './user-login-form';
import { useT } from '../../i18n/use-t';
import { SIGN_IN_PATH, type SignInMethod } from '../../lib/sign-in-method';

/**
 * The one "Sign in" page for couples (docs/product.md#sign-in): email and access code (with the
 * trial and demo hints and "Email me my code"), or username and password. `/customer-login` opens
 * it on the code, `/login` on the password; switching method switches the address, so a reload or
 * a shared link keeps it. `next` (a path of this site) is where a sign-in returns to instead of the
 * dashboard.
 */
export function SignInPage({ method, next }: { method: SignInMethod; next?: string | undefined }) {
  const navigate = useNavigate();
  const { t } = useT();
  // A page that sent the couple here to sign in (`?next=`, lib/next-path.ts): every way on keeps it.
  const search = next ? { next } : {};
  return (
    <AuthPage
      title={t('auth.signIn.title')}
      description={method === 'code' ? t('auth.signIn.descriptionCode') : t('auth.signIn.descriptionPassword')}
      footer={
        <>
          <Text size="sm">
            {t('auth.signIn.newHere')}{' '}
            <Anchor renderRoot={(props) => <Link {...props} to="/register" search={search} />}>
              {t('auth.signIn.createAccount')}
            </Anchor>
          </Text>
          <Text size="sm" c="dimmed">
            {t('auth.signIn.theSeller')}{' '}
            <Anchor component={Link} to="/admin-login">
              {t('auth.signIn.adminLink')}
            </Anchor>
          </Text>
        </>
      }
    >
      <Tabs
        value={method}
        keepMounted={false}
        onChange={(value) => {
          if (value === 'code' || value === 'password')
            void navigate({ to: SIGN_IN_PATH[value], search, replace: true });
        }}
      >
        <Tabs.List grow mb="lg" aria-label={t('auth.signIn.methods')}>
          <Tabs.Tab value="code">{t('auth.signIn.tabCode')}</Tabs.Tab>
          <Tabs.Tab value="password">{t('auth.signIn.tabPassword')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="code">
          <CustomerLogin next={next} />
        </Tabs.Panel>
        <Tabs.Panel value="password">
          <UserLoginForm next={next} />
        </Tabs.Panel>
      </Tabs>
    </AuthPage>
  );
}
