import { createFileRoute, redirect } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page';
import { trpc } from '../trpc';

export const Route = createFileRoute('/admin')({
  // Only the administrator may open the admin area (the server enforces it on every call too).
  beforeLoad: async ({ context }) => {
    const auth = await context.queryClient.ensureQueryData(trpc.auth.check.queryOptions());
    if (!auth.isAdmin) throw redirect({ to: '/login' });
  },
  head: () => ({ meta: [{ title: 'Admin dashboard · Vows & Weeks' }] }),
  component: AdminPage,
});

function AdminPage() {
  return <PlaceholderPage title="Admin dashboard">Upload and manage the 52 weekly PDF frameworks here.</PlaceholderPage>;
}
