import { createFileRoute } from '@tanstack/react-router';
import { AdminPageSkeleton } from '../features/admin-shell/admin-layout';
import { OrdersPage } from '../features/admin-orders/orders-page';

/** `/admin/orders`: the back office's orders (docs/product.md#back-office-orders-and-couples). */
export const Route = createFileRoute('/admin/orders')({
  head: () => ({ meta: [{ title: 'Orders · Admin · Vows & Weeks' }] }),
  pendingComponent: () => <AdminPageSkeleton label="Loading orders" />,
  component: OrdersPage,
});
