import { Anchor, Text } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { AdminLoginForm } from '../features/auth/admin-login-form';
import { AuthPage } from '../features/auth/auth-page';

export const Route = createFileRoute('/admin-login')({
  head: () => ({ meta: [{ title: 'Admin sign in · Vows & Weeks' }] }),
  component: AdminLoginPage,
});

function AdminLoginPage() {
  return (
    <AuthPage
      title="Admin sign in"
      description="Sign in as the course administrator to manage the weekly frameworks."
      footer={
        <Text size="sm">
          Not the administrator?{' '}
          <Anchor component={Link} to="/login">
            Couple sign in
          </Anchor>
        </Text>
      }
    >
      <AdminLoginForm />
    </AuthPage>
  );
}
