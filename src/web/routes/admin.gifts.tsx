import { createFileRoute } from '@tanstack/react-router';
import { GiftsPage } from '../features/admin-gifts/gifts-page';
import { AdminPageSkeleton } from '../features/admin-shell/admin-layout';

/** `/admin/gifts`: gifts sent, scheduled and opened; resend, change the email (decision 0242). */
export const Route = createFileRoute('/admin/gifts')({
  head: () => ({ meta: [{ title: 'Gifts · Admin · Vows & Weeks' }] }),
  pendingComponent: () => <AdminPageSkeleton label="Loading the gifts" />,
  component: GiftsPage,
});
