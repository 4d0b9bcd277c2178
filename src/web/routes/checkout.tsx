import { createFileRoute, redirect } from '@tanstack/react-router';
import { SiteLayout } from '../components/site-layout';
import { PaymentSetupRequired } from '../features/orders/payment-setup-required';
import { searchTexts } from '../lib/search-params';

export const Route = createFileRoute('/checkout')({
  validateSearch: (search: Record<string, unknown>) => searchTexts(search, ['email', 'firstName', 'lastName'] as const),
  // docs/product.md#pages-and-routes: without all three of email, firstName and lastName, back to
  // the course page.
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
