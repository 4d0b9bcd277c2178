import { Anchor, Text } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { AuthPage } from '../features/auth/auth-page';
import { UserLoginForm } from '../features/auth/user-login-form';

export const Route = createFileRoute('/login')({
  head: () => ({ meta: [{ title: 'Sign in · Vows & Weeks' }] }),
  component: LoginPage,
});

function LoginPage() {
  return (
    <AuthPage
      title="Sign in"
      description="Sign in with your username and password to continue your course."
      footer={
        <>
          <Text size="sm">
            New here?{' '}
            <Anchor component={Link} to="/register">
              Create an account
            </Anchor>
          </Text>
          <Text size="sm">
            Have an access code, or want to try the demo?{' '}
            <Anchor component={Link} to="/customer-login">
              Sign in with an access code
            </Anchor>
          </Text>
        </>
      }
    >
      <UserLoginForm />
    </AuthPage>
  );
}
