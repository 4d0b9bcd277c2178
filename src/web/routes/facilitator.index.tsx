import { createFileRoute } from '@tanstack/react-router';
import { SiteLayout } from '../components/site-layout';
import { AcceptFacilitatorInvite } from '../features/facilitator/accept-invite';
import { FacilitatorArea } from '../features/facilitator/facilitator-area';
import { translate } from '../i18n/i18n';
import { useLinkSecret } from '../lib/link-secret';
import { searchTexts } from '../lib/search-params';

/**
 * `/facilitator`: the facilitator's own area (issue 38), with its own sign-in; with `#token=` (or
 * `?token=`, links sent before decision 0367) the seller's invitation (set a password) first. One route for both keeps the landing page's entry
 * chunk, which holds every route's definition, within its budget.
 */
export const Route = createFileRoute('/facilitator/')({
  validateSearch: (search: Record<string, unknown>) => searchTexts(search, ['pack'] as const),
  head: () => ({ meta: [{ title: translate('facilitator.area.pageTitle') }, { name: 'robots', content: 'noindex' }] }),
  component: FacilitatorRoute,
});

function FacilitatorRoute() {
  const { pack } = Route.useSearch();
  const [token] = useLinkSecret('token');
  const navigate = Route.useNavigate();
  // Back from Stripe: `?pack=<id>` after paying, `?pack=cancelled` after leaving the payment page.
  const packReturn = pack === 'cancelled' ? pack : pack && /^\d{1,15}$/.test(pack) ? Number(pack) : undefined;
  return (
    <SiteLayout>
      {token ? (
        <AcceptFacilitatorInvite token={token.trim()} />
      ) : (
        <FacilitatorArea packReturn={packReturn} onDismissReturn={() => void navigate({ search: {}, replace: true })} />
      )}
    </SiteLayout>
  );
}
