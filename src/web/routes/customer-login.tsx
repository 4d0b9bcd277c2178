import { createFileRoute } from '@tanstack/react-router';
import { SignInPage } from '../features/auth/sign-in-page';
import { embeddedPublicConfig } from '../public-config';
import { nextSearch } from '../lib/next-path';
import { trpc } from '../trpc';
import { translate } from '../i18n/i18n';

export const Route = createFileRoute('/customer-login')({
  // `?next=/mentor`: where the sign-in returns to, a path of this site only.
  validateSearch: nextSearch,
  head: () => ({ meta: [{ title: translate('auth.signIn.documentTitle') }] }),
  // The code hints come with the page (no request, no layout shift when they arrive); without
  // them (the dev server) they load alongside the page and the form does not wait.
  loader: ({ context }) => {
    const options = trpc.publicConfig.get.queryOptions();
    const embedded = embeddedPublicConfig();
    if (embedded) context.queryClient.setQueryData(options.queryKey, embedded);
    else void context.queryClient.prefetchQuery(options);
  },
  component: () => <SignInPage method="code" next={Route.useSearch().next} />,
});
