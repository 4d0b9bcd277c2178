import { Anchor, Text } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { AuthPage } from '../features/auth/auth-page';
import { CustomerLogin } from '../features/auth/customer-login';
import { embeddedPublicConfig } from '../public-config';
import { trpc } from '../trpc';

export const Route = createFileRoute('/customer-login')({
  head: () => ({ meta: [{ title: 'Customer login · Vows & Weeks' }] }),
  // The code hints come with the page (no request, no layout shift when they arrive); without
  // them (the dev server) they load alongside the page and the form does not wait.
  loader: ({ context }) => {
    const options = trpc.publicConfig.get.queryOptions();
    const embedded = embeddedPublicConfig();
    if (embedded) context.queryClient.setQueryData(options.queryKey, embedded);
    else void context.queryClient.prefetchQuery(options);
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
