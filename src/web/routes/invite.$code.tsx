import { createFileRoute } from '@tanstack/react-router';
import { AuthPage } from '../features/auth/auth-page';
import { AcceptInvite } from '../features/partners/accept-invite';

/** `/invite/<code>`: a partner accepts an invite (docs/product.md#partner-sign-ins). */
export const Route = createFileRoute('/invite/$code')({
  head: () => ({ meta: [{ title: 'Accept an invite · Vows & Weeks' }, { name: 'robots', content: 'noindex' }] }),
  component: InviteRoute,
});

function InviteRoute() {
  const { code } = Route.useParams();
  return (
    <AuthPage title="Join your partner" description="Your own sign-in to the course you take together.">
      <AcceptInvite key={code} code={code} />
    </AuthPage>
  );
}
