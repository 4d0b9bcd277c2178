import { Anchor } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { AuthPage } from '../features/auth/auth-page';
import { VerifyCertificate } from '../features/certificates/verify-certificate';
import { translate, useT } from '../features/certificates/texts';

/** `/verify/<code>`: anyone checks a certificate from its QR code (docs/certificates.md). */
export const Route = createFileRoute('/verify/$code')({
  head: () => ({
    meta: [
      { title: `${translate('certificates.verify.title')} · Vows & Weeks` },
      { name: 'robots', content: 'noindex' },
    ],
  }),
  component: VerifyRoute,
});

function VerifyRoute() {
  const { code } = Route.useParams();
  const { t } = useT();
  return (
    <AuthPage
      title={t('certificates.verify.title')}
      description={code.toUpperCase().slice(0, 40)}
      footer={
        <Anchor component={Link} to="/verify">
          {t('certificates.verify.checkAnother')}
        </Anchor>
      }
    >
      <VerifyCertificate key={code} code={code} />
    </AuthPage>
  );
}
