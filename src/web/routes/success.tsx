import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page';
import { searchTexts } from '../lib/search-params';

export const Route = createFileRoute('/success')({
  validateSearch: (search: Record<string, unknown>) => searchTexts(search, ['payment_intent'] as const),
  head: () => ({ meta: [{ title: 'Order confirmation · Vows & Weeks' }] }),
  component: SuccessPage,
});

function SuccessPage() {
  return <PlaceholderPage title="Thank you for your order">Your order confirmation will appear here.</PlaceholderPage>;
}
