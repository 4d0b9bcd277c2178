import { Anchor, Text } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { AuthPage } from '../features/auth/auth-page';
import { CustomerLogin } from '../features/auth/customer-login';
import { trpc } from '../trpc';

export const Route = createFileRoute('/customer-login')({
  head: () => ({ meta: [{ title: 'Customer login · Vows & Weeks' }] }),
  // Start loading the code hints with the page; the form does not wait for them.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(trpc.publicConfig.get.queryOptions());
  },
  component: CustomerLoginPage,
});

function CustomerLoginPage() {
  return (
    <AuthPage
      title="Customer login"
      description="Sign in with your email and the access code you received."
      footer={
        <Text size="sm">
          Registered with a username?{' '}
          <Anchor component={Link} to="/login">
            Sign in with your password
          </Anchor>
        </Text>
      }
    >
      <CustomerLogin />
    </AuthPage>
  );
}
