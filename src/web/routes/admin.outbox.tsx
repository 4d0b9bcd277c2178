import { createFileRoute } from '@tanstack/react-router';
import { AdminPageSkeleton } from '../components/admin/admin-layout';
import { OutboxPage } from '../features/admin-outbox/outbox-page';
import { translate } from '../i18n/i18n';

/** `/admin/outbox`: the email outbox, failures and retries (docs/product.md#email). */
export const Route = createFileRoute('/admin/outbox')({
  head: () => ({ meta: [{ title: translate('admin.title.outbox') }] }),
  pendingComponent: () => <AdminPageSkeleton label={translate('admin.loading.outbox')} />,
  component: OutboxPage,
});
