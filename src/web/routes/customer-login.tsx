import { createFileRoute } from '@tanstack/react-router';
import { SignInPage } from '../features/auth/sign-in-page';
import { loadPublicConfig } from '../load-public-config';
import { nextSearch } from '../lib/next-path';
import { translate } from '../i18n/i18n';

export const Route = createFileRoute('/customer-login')({
  // `?next=/mentor`: where the sign-in returns to, a path of this site only.
  validateSearch: nextSearch,
  head: () => ({ meta: [{ title: translate('auth.signIn.documentTitle') }] }),
  // The code hints come with the page, or load alongside it.
  loader: ({ context }) => loadPublicConfig(context.queryClient),
  component: () => <SignInPage method="code" next={Route.useSearch().next} />,
});
