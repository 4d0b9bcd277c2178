import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page';

export const Route = createFileRoute('/login')({
  head: () => ({ meta: [{ title: 'Sign in · Vows & Weeks' }] }),
  component: LoginPage,
});

function LoginPage() {
  return <PlaceholderPage title="Sign in">Sign in with your username and password to continue your course.</PlaceholderPage>;
}
