import { createFileRoute } from '@tanstack/react-router';
import { translate } from '../i18n/i18n';
import { SiteLayout } from '../components/site-layout';
import { RedeemGiftPage } from '../features/gifts/redeem-gift';
import { searchTexts } from '../lib/search-params';

/** `/redeem?code=GIFT-...`: a couple opens the course they were given (decision 0242). */
export const Route = createFileRoute('/redeem')({
  validateSearch: (search: Record<string, unknown>) => searchTexts(search, ['code'] as const),
  head: () => ({
    meta: [{ title: `${translate('gifts.redeem.pageTitle')} · Vows & Weeks` }, { name: 'robots', content: 'noindex' }],
  }),
  component: RedeemRoute,
});

function RedeemRoute() {
  const { code } = Route.useSearch();
  return (
    <SiteLayout>
      <RedeemGiftPage code={code?.trim().toUpperCase() || undefined} />
    </SiteLayout>
  );
}
