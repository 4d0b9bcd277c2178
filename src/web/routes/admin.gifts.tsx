import { createFileRoute } from '@tanstack/react-router';
import { translate } from '../i18n/i18n';
import { GiftsPage } from '../features/admin-gifts/gifts-page';
import { AdminPageSkeleton } from '../components/admin/admin-layout';

/** `/admin/gifts`: gifts sent, scheduled and opened; resend, change the email (decision 0242). */
export const Route = createFileRoute('/admin/gifts')({
  head: () => ({ meta: [{ title: `${translate('gifts.admin.pageTitle')} · Admin · Vows & Weeks` }] }),
  pendingComponent: () => <AdminPageSkeleton label="Loading the gifts" />,
  component: GiftsPage,
});
