import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page';

export const Route = createFileRoute('/admin-login')({
  head: () => ({ meta: [{ title: 'Admin sign in · Vows & Weeks' }] }),
  component: AdminLoginPage,
});

function AdminLoginPage() {
  return <PlaceholderPage title="Admin sign in">Sign in as the course administrator to manage the weekly frameworks.</PlaceholderPage>;
}
