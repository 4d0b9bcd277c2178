import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PlaceholderPage } from '../components/placeholder-page';
import { optionalSearchText } from '../lib/search-params';

const checkoutSearchSchema = z.object({
  email: optionalSearchText,
  firstName: optionalSearchText,
  lastName: optionalSearchText,
});

export const Route = createFileRoute('/checkout')({
  validateSearch: checkoutSearchSchema,
  head: () => ({ meta: [{ title: 'Checkout · Vows & Weeks' }] }),
  component: CheckoutPage,
});

function CheckoutPage() {
  return <PlaceholderPage title="Checkout">Review your order for the 52-week workbook.</PlaceholderPage>;
}
