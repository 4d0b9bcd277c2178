import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page';

export const Route = createFileRoute('/admin')({
  head: () => ({ meta: [{ title: 'Admin dashboard · Vows & Weeks' }] }),
  component: AdminPage,
});

function AdminPage() {
  return <PlaceholderPage title="Admin dashboard">Upload and manage the 52 weekly PDF frameworks here.</PlaceholderPage>;
}
