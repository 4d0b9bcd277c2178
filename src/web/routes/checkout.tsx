import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { SiteLayout } from '../components/site-layout';
import { PaymentSetupRequired } from '../features/orders/payment-setup-required';
import { optionalSearchText } from '../lib/search-params';

const checkoutSearchSchema = z.object({
  email: optionalSearchText,
  firstName: optionalSearchText,
  lastName: optionalSearchText,
});

export const Route = createFileRoute('/checkout')({
  validateSearch: checkoutSearchSchema,
  // SPEC section 2: without all three of email, firstName and lastName, back to the course page.
  beforeLoad: ({ search }) => {
    const { email, firstName, lastName } = search;
    if (!email?.trim() || !firstName?.trim() || !lastName?.trim()) throw redirect({ to: '/', replace: true });
  },
  head: () => ({ meta: [{ title: 'Checkout · Vows & Weeks' }] }),
  component: CheckoutPage,
});

function CheckoutPage() {
  const search = Route.useSearch();
  const details = {
    firstName: search.firstName?.trim() ?? '',
    lastName: search.lastName?.trim() ?? '',
    email: search.email?.trim() ?? '',
  };
  return (
    <SiteLayout>
      <PaymentSetupRequired details={details} />
    </SiteLayout>
  );
}
