import { createFileRoute } from '@tanstack/react-router';
import { AdminPageSkeleton } from '../features/admin-shell/admin-layout';
import { MessagesInbox } from '../features/admin-messages/messages-inbox';

/** `/admin/messages`: the contact inbox (docs/product.md#admin-screen). */
export const Route = createFileRoute('/admin/messages')({
  head: () => ({ meta: [{ title: 'Messages · Admin · Vows & Weeks' }] }),
  pendingComponent: () => <AdminPageSkeleton label="Loading the messages" />,
  component: MessagesInbox,
});
