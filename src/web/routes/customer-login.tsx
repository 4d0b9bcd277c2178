import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page';

export const Route = createFileRoute('/customer-login')({
  head: () => ({ meta: [{ title: 'Customer login · Vows & Weeks' }] }),
  component: CustomerLoginPage,
});

function CustomerLoginPage() {
  return <PlaceholderPage title="Customer login">Sign in with your email and the access code you received.</PlaceholderPage>;
}
