import { createFileRoute, redirect } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page';
import { trpc } from '../trpc';

export const Route = createFileRoute('/dashboard')({
  // Only a signed-in couple has a dashboard (SPEC section 4: otherwise /customer-login).
  beforeLoad: async ({ context }) => {
    const auth = await context.queryClient.ensureQueryData(trpc.auth.check.queryOptions());
    if (!(auth.role === 'couple')) throw redirect({ to: '/customer-login' });
  },
  head: () => ({ meta: [{ title: 'Your dashboard · Vows & Weeks' }] }),
  component: DashboardPage,
});

function DashboardPage() {
  return <PlaceholderPage title="Your dashboard">Your weekly lessons, workbook and progress will appear here.</PlaceholderPage>;
}
