import { createFileRoute } from '@tanstack/react-router';
import { translate } from '../i18n/i18n';
import { SiteLayout } from '../components/site-layout';
import { RedeemGiftPage } from '../features/gifts/redeem-gift';
import { useLinkSecret } from '../lib/link-secret';

/** `/redeem#code=GIFT-...` (or `?code=`, links sent before decision 0367): a couple opens the course they were given (decision 0242). */
export const Route = createFileRoute('/redeem')({
  head: () => ({
    meta: [{ title: `${translate('gifts.redeem.pageTitle')} · Vows & Weeks` }, { name: 'robots', content: 'noindex' }],
  }),
  component: RedeemRoute,
});

function RedeemRoute() {
  const [code, keepCode] = useLinkSecret('code');
  return (
    <SiteLayout>
      <RedeemGiftPage code={code?.toUpperCase() || undefined} onCode={keepCode} />
    </SiteLayout>
  );
}
