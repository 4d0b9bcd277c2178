import { Anchor, Text } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { AuthPage } from '../features/auth/auth-page';
import { RegisterForm } from '../features/auth/register-form';

export const Route = createFileRoute('/register')({
  head: () => ({ meta: [{ title: 'Create your account · Vows & Weeks' }] }),
  component: RegisterPage,
});

function RegisterPage() {
  return (
    <AuthPage
      title="Create your account"
      description="Choose a username and password to start your 52-week journey."
      footer={
        <>
          <Text size="sm">
            Already have an account?{' '}
            <Anchor component={Link} to="/login">
              Sign in
            </Anchor>
          </Text>
          <Text size="sm">
            Bought the course or have an access code?{' '}
            <Anchor component={Link} to="/customer-login">
              Sign in with your code
            </Anchor>
          </Text>
        </>
      }
    >
      <RegisterForm />
    </AuthPage>
  );
}
