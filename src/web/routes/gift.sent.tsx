import { createFileRoute } from '@tanstack/react-router';
import { translate } from '../i18n/i18n';
import { SiteLayout } from '../components/site-layout';
import { GiftReceiptPage } from '../features/gifts/gift-receipt';
import { searchTexts } from '../lib/search-params';

/** `/gift/sent?token=...`: the gift buyer's receipt page (decision 0242). */
export const Route = createFileRoute('/gift/sent')({
  validateSearch: (search: Record<string, unknown>) => searchTexts(search, ['token'] as const),
  head: () => ({
    meta: [{ title: `${translate('gifts.receipt.pageTitle')} · Vows & Weeks` }, { name: 'robots', content: 'noindex' }],
  }),
  component: GiftSentRoute,
});

function GiftSentRoute() {
  const { token } = Route.useSearch();
  return (
    <SiteLayout>
      <GiftReceiptPage token={token?.trim() ?? ''} />
    </SiteLayout>
  );
}
