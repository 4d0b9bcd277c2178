import { createFileRoute } from '@tanstack/react-router';
import { translate } from '../i18n/i18n';
import { CouponsPage } from '../features/admin-coupons/coupons-page';
import { AdminPageSkeleton } from '../components/admin/admin-layout';

/** `/admin/coupons`: coupon codes, their uses and revenue (decision 0240). */
export const Route = createFileRoute('/admin/coupons')({
  head: () => ({ meta: [{ title: `${translate('admin-coupons.pageTitle')} · Admin · Vows & Weeks` }] }),
  pendingComponent: () => <AdminPageSkeleton label="Loading the coupons" />,
  component: CouponsPage,
});
