import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { SiteLayout } from '../components/site-layout';
import { InvalidPaymentSession, OrderConfirmation, orderQueryOptions } from '../features/orders/order-confirmation';
import { optionalSearchText } from '../lib/search-params';

const successSearchSchema = z.object({
  payment_intent: optionalSearchText,
});

export const Route = createFileRoute('/success')({
  validateSearch: successSearchSchema,
  loaderDeps: ({ search }) => ({ paymentIntentId: search.payment_intent?.trim() || undefined }),
  // Prefetch, not ensure: an unknown order is a page state ('Order not found'), not a route error.
  loader: async ({ context, deps }) => {
    if (deps.paymentIntentId) await context.queryClient.prefetchQuery(orderQueryOptions(deps.paymentIntentId));
  },
  head: () => ({ meta: [{ title: 'Order confirmation · Vows & Weeks' }] }),
  component: SuccessPage,
});

function SuccessPage() {
  const { paymentIntentId } = Route.useLoaderDeps();
  return (
    <SiteLayout>
      {paymentIntentId ? <OrderConfirmation paymentIntentId={paymentIntentId} /> : <InvalidPaymentSession />}
    </SiteLayout>
  );
}
