import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PlaceholderPage } from '../components/placeholder-page';
import { optionalSearchText } from '../lib/search-params';

const successSearchSchema = z.object({
  payment_intent: optionalSearchText,
});

export const Route = createFileRoute('/success')({
  validateSearch: successSearchSchema,
  head: () => ({ meta: [{ title: 'Order confirmation · Vows & Weeks' }] }),
  component: SuccessPage,
});

function SuccessPage() {
  return <PlaceholderPage title="Thank you for your order">Your order confirmation will appear here.</PlaceholderPage>;
}
