import { createFileRoute } from '@tanstack/react-router';
import { AuthPage } from '../features/auth/auth-page';
import { translate, useT } from '../features/certificates/texts';
import { VerifyCodeForm } from '../features/certificates/verify-code-form';

/** `/verify`: a county clerk types a certificate's verification code (docs/certificates.md). */
export const Route = createFileRoute('/verify/')({
  head: () => ({
    meta: [
      { title: `${translate('certificates.verify.checkTitle')} · Vows & Weeks` },
      { name: 'robots', content: 'noindex' },
    ],
  }),
  component: VerifyIndexRoute,
});

function VerifyIndexRoute() {
  const { t } = useT();
  return (
    <AuthPage title={t('certificates.verify.checkTitle')} description={t('certificates.verify.checkIntro')}>
      <VerifyCodeForm />
    </AuthPage>
  );
}
