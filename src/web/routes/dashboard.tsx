import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page';

export const Route = createFileRoute('/dashboard')({
  head: () => ({ meta: [{ title: 'Your dashboard · Vows & Weeks' }] }),
  component: DashboardPage,
});

function DashboardPage() {
  return <PlaceholderPage title="Your dashboard">Your weekly lessons, workbook and progress will appear here.</PlaceholderPage>;
}
