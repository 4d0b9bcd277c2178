import { Anchor, Tabs, Text } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { AuthPage } from './auth-page';
import { CustomerLogin } from './customer-login';
import { UserLoginForm } from './user-login-form';

export type SignInMethod = 'code' | 'password';

const PATH_OF: Record<SignInMethod, '/customer-login' | '/login'> = { code: '/customer-login', password: '/login' };

/**
 * The one "Sign in" page for couples (docs/product.md#sign-in): email and access code (with the
 * trial and demo hints and "Email me my code"), or username and password. `/customer-login` opens
 * it on the code, `/login` on the password; switching method switches the address, so a reload or
 * a shared link keeps it.
 */
export function SignInPage({ method }: { method: SignInMethod }) {
  const navigate = useNavigate();
  return (
    <AuthPage
      title="Sign in"
      description={
        method === 'code'
          ? 'Customer login: use the email and access code you received, or your username and password.'
          : 'Use your username and password, or the email and access code you received.'
      }
      footer={
        <>
          <Text size="sm">
            New here?{' '}
            <Anchor component={Link} to="/register">
              Create an account
            </Anchor>
          </Text>
          <Text size="sm" c="dimmed">
            The seller?{' '}
            <Anchor component={Link} to="/admin-login">
              Administrator sign in
            </Anchor>
          </Text>
        </>
      }
    >
      <Tabs
        value={method}
        keepMounted={false}
        onChange={(value) => {
          if (value === 'code' || value === 'password') void navigate({ to: PATH_OF[value], replace: true });
        }}
      >
        <Tabs.List grow mb="lg" aria-label="How to sign in">
          <Tabs.Tab value="code">Personal code</Tabs.Tab>
          <Tabs.Tab value="password">Registered account</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="code">
          <CustomerLogin />
        </Tabs.Panel>
        <Tabs.Panel value="password">
          <UserLoginForm />
        </Tabs.Panel>
      </Tabs>
    </AuthPage>
  );
}
