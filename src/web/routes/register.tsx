import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page';

export const Route = createFileRoute('/register')({
  head: () => ({ meta: [{ title: 'Create your account · Vows & Weeks' }] }),
  component: RegisterPage,
});

function RegisterPage() {
  return <PlaceholderPage title="Create your account">Choose a username and password to start your 52-week journey.</PlaceholderPage>;
}
