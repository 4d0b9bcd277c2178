import { createFileRoute } from '@tanstack/react-router';
import { translate } from '../i18n/i18n';
import { FacilitatorsPage } from '../features/admin-facilitators/facilitators-page';
import { AdminPageSkeleton } from '../components/admin/admin-layout';

/** `/admin/facilitators`: facilitators, organisations, seat packs and revenue by channel (issue 38). */
export const Route = createFileRoute('/admin/facilitators')({
  head: () => ({ meta: [{ title: `${translate('facilitator.admin.title')} · Admin · Vows & Weeks` }] }),
  pendingComponent: () => <AdminPageSkeleton label="Loading the facilitators" />,
  component: FacilitatorsPage,
});
