import { createFileRoute } from '@tanstack/react-router';
import { translate } from '../i18n/i18n';
import { SiteLayout } from '../components/site-layout';
import { GiftReceiptPage } from '../features/gifts/gift-receipt';
import { useLinkSecret } from '../lib/link-secret';

/** `/gift/sent#token=...` (or `?token=`, links sent before decision 0367): the gift buyer's receipt page (decision 0242). */
export const Route = createFileRoute('/gift/sent')({
  head: () => ({
    meta: [{ title: `${translate('gifts.receipt.pageTitle')} · Vows & Weeks` }, { name: 'robots', content: 'noindex' }],
  }),
  component: GiftSentRoute,
});

function GiftSentRoute() {
  const [token] = useLinkSecret('token');
  return (
    <SiteLayout>
      <GiftReceiptPage token={token?.trim() ?? ''} />
    </SiteLayout>
  );
}
