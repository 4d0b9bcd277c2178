import { createFileRoute } from '@tanstack/react-router';
import { CouplesPage } from '../features/admin-couples/couples-page';
import { AdminPageSkeleton } from '../components/admin/admin-layout';
import { PausedCouples } from '../features/plan/paused-couples';
import { translate } from '../i18n/i18n';

/** `/admin/couples`: the back office's couples (docs/product.md#back-office-orders-and-couples). */
export const Route = createFileRoute('/admin/couples/')({
  head: () => ({ meta: [{ title: translate('admin.title.couples') }] }),
  pendingComponent: () => <AdminPageSkeleton label={translate('admin.loading.couples')} />,
  component: CouplesRoute,
});

function CouplesRoute() {
  return <CouplesPage paused={<PausedCouples />} />;
}
