import { createFileRoute } from '@tanstack/react-router';
import { SiteLayout } from '../components/site-layout';
import { FacilitatorArea } from '../features/facilitator/facilitator-area';
import { translate } from '../i18n/i18n';

/** `/facilitator`: the facilitator's own area (issue 38), with its own sign-in. */
export const Route = createFileRoute('/facilitator/')({
  head: () => ({ meta: [{ title: translate('facilitator.area.pageTitle') }, { name: 'robots', content: 'noindex' }] }),
  component: () => (
    <SiteLayout>
      <FacilitatorArea />
    </SiteLayout>
  ),
});
