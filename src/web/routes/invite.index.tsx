import { createFileRoute } from '@tanstack/react-router';
import { AuthPage } from '../features/auth/auth-page';
import { AcceptInvite } from '../features/partners/accept-invite';
import { translate } from '../i18n/i18n';
import { useT } from '../i18n/use-t';
import { useLinkSecret } from '../lib/link-secret';

/** `/invite#code=<code>`: a partner accepts an invite (docs/product.md#partner-sign-ins; decision 0370). */
export const Route = createFileRoute('/invite/')({
  head: () => ({ meta: [{ title: translate('auth.invite.documentTitle') }, { name: 'robots', content: 'noindex' }] }),
  component: InviteRoute,
});

function InviteRoute() {
  const [code = ''] = useLinkSecret('code');
  const { t } = useT();
  return (
    <AuthPage title={t('auth.invite.title')} description={t('auth.invite.description')}>
      <AcceptInvite key={code} code={code} />
    </AuthPage>
  );
}
