import { createFileRoute } from '@tanstack/react-router';
import { SignInPage } from '../features/auth/sign-in-page';
import { embeddedPublicConfig } from '../public-config';
import { trpc } from '../trpc';

export const Route = createFileRoute('/login')({
  head: () => ({ meta: [{ title: 'Sign in · Vows & Weeks' }] }),
  // The other tab shows the code hints: they come with the page, or load alongside it.
  loader: ({ context }) => {
    const options = trpc.publicConfig.get.queryOptions();
    const embedded = embeddedPublicConfig();
    if (embedded) context.queryClient.setQueryData(options.queryKey, embedded);
    else void context.queryClient.prefetchQuery(options);
  },
  component: () => <SignInPage method="password" />,
});
