import { createFileRoute } from '@tanstack/react-router';
import { AdminPageSkeleton } from '../features/admin-shell/admin-layout';
import { OutboxPage } from '../features/admin-outbox/outbox-page';

/** `/admin/outbox`: the email outbox, failures and retries (docs/product.md#email). */
export const Route = createFileRoute('/admin/outbox')({
  head: () => ({ meta: [{ title: 'Email · Admin · Vows & Weeks' }] }),
  pendingComponent: () => <AdminPageSkeleton label="Loading the outbox" />,
  component: OutboxPage,
});
