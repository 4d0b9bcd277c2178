import { createFileRoute } from '@tanstack/react-router';
import { AdminPageSkeleton } from '../components/admin/admin-layout';
import { MessagesInbox } from '../features/admin-messages/messages-inbox';
import { translate } from '../i18n/i18n';

/** `/admin/messages`: the contact inbox (docs/product.md#admin-screen). */
export const Route = createFileRoute('/admin/messages')({
  head: () => ({ meta: [{ title: translate('admin.title.messages') }] }),
  pendingComponent: () => <AdminPageSkeleton label={translate('admin.loading.messages')} />,
  component: MessagesInbox,
});
