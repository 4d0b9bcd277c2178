import { createFileRoute } from '@tanstack/react-router';
import { CouplesPage } from '../features/admin-couples/couples-page';
import { AdminPageSkeleton } from '../features/admin-shell/admin-layout';

/** `/admin/couples`: the back office's couples (docs/product.md#back-office-orders-and-couples). */
export const Route = createFileRoute('/admin/couples/')({
  head: () => ({ meta: [{ title: 'Couples · Admin · Vows & Weeks' }] }),
  pendingComponent: () => <AdminPageSkeleton label="Loading couples" />,
  component: CouplesPage,
});
