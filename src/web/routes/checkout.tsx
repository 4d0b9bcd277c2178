import { useQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { DEFAULT_CURRENCY, PRICE_CENTS } from '../../shared/constants';
import { SiteLayout } from '../components/site-layout';
import { CardCheckout, CheckoutSkeleton } from '../features/orders/card-checkout';
import { PaymentSetupRequired } from '../features/orders/payment-setup-required';
import { searchTexts } from '../lib/search-params';
import { loadPublicConfig } from '../load-public-config';
import { trpc } from '../trpc';
import { translate } from '../i18n/i18n';

export const Route = createFileRoute('/checkout')({
  validateSearch: (search: Record<string, unknown>) =>
    searchTexts(search, ['email', 'firstName', 'lastName', 'couponCode'] as const),
  // docs/product.md#pages-and-routes: without all three of email, firstName and lastName, back to
  // the course page.
  beforeLoad: ({ search }) => {
    const { email, firstName, lastName } = search;
    if (!email?.trim() || !firstName?.trim() || !lastName?.trim()) throw redirect({ to: '/', replace: true });
  },
  // Whether card payments are on comes with the page (docs/product.md#card-payments).
  loader: ({ context }) => loadPublicConfig(context.queryClient),
  head: () => ({ meta: [{ title: translate('checkout.card.documentTitle') }] }),
  component: CheckoutPage,
});

function CheckoutPage() {
  const search = Route.useSearch();
  const config = useQuery(trpc.publicConfig.get.queryOptions());
  const details = {
    firstName: search.firstName?.trim() ?? '',
    lastName: search.lastName?.trim() ?? '',
    email: search.email?.trim() ?? '',
  };
  // The configured price (docs/product.md#card-payments); the defaults only if the config could not be read.
  const priceCents = config.data?.priceCents ?? PRICE_CENTS;
  const currency = config.data?.currency ?? DEFAULT_CURRENCY;
  let page = <PaymentSetupRequired details={details} priceCents={priceCents} currency={currency} />;
  if (config.isPending) page = <CheckoutSkeleton />;
  else if (config.data?.cardPayments) {
    page = (
      <CardCheckout details={details} priceCents={priceCents} currency={currency} couponCode={search.couponCode} />
    );
  }
  return <SiteLayout>{page}</SiteLayout>;
}
