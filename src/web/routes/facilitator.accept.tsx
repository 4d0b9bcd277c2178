import { createFileRoute } from '@tanstack/react-router';
import { SiteLayout } from '../components/site-layout';
import { AcceptFacilitatorInvite } from '../features/facilitator/accept-invite';
import { translate } from '../i18n/i18n';
import { searchTexts } from '../lib/search-params';

/** `/facilitator/accept?token=...`: the seller's invitation to a facilitator (issue 38). */
export const Route = createFileRoute('/facilitator/accept')({
  validateSearch: (search: Record<string, unknown>) => searchTexts(search, ['token'] as const),
  head: () => ({
    meta: [{ title: translate('facilitator.accept.pageTitle') }, { name: 'robots', content: 'noindex' }],
  }),
  component: AcceptRoute,
});

function AcceptRoute() {
  const { token } = Route.useSearch();
  return (
    <SiteLayout>
      <AcceptFacilitatorInvite token={token?.trim() ?? ''} />
    </SiteLayout>
  );
}
