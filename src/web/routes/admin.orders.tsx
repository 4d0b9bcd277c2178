import { createFileRoute } from '@tanstack/react-router';
import { AdminPageSkeleton } from '../components/admin/admin-layout';
import { OrdersPage } from '../features/admin-orders/orders-page';
import { translate } from '../i18n/i18n';

/** `/admin/orders`: the back office's orders (docs/product.md#back-office-orders-and-couples). */
export const Route = createFileRoute('/admin/orders')({
  head: () => ({ meta: [{ title: translate('admin.title.orders') }] }),
  pendingComponent: () => <AdminPageSkeleton label={translate('admin.loading.orders')} />,
  component: OrdersPage,
});
