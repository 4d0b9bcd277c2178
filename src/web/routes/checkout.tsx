import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page';
import { searchTexts } from '../lib/search-params';

export const Route = createFileRoute('/checkout')({
  validateSearch: (search: Record<string, unknown>) => searchTexts(search, ['email', 'firstName', 'lastName'] as const),
  head: () => ({ meta: [{ title: 'Checkout · Vows & Weeks' }] }),
  component: CheckoutPage,
});

function CheckoutPage() {
  return <PlaceholderPage title="Checkout">Review your order for the 52-week workbook.</PlaceholderPage>;
}
