import { createFileRoute } from '@tanstack/react-router';
import type { SuccessCodeNote } from '../../shared/payments-schemas';
import { SiteLayout } from '../components/site-layout';
import { InvalidPaymentSession, OrderConfirmation } from '../features/orders/order-confirmation';
import { searchTexts } from '../lib/search-params';
import { trpc } from '../trpc';
import { translate } from '../i18n/i18n';

export const Route = createFileRoute('/success')({
  // `code`: what to say about the access code (successPath in src/shared/payments-schemas.ts).
  validateSearch: (search: Record<string, unknown>) => searchTexts(search, ['payment_intent', 'code'] as const),
  loaderDeps: ({ search }) => ({ paymentIntentId: search.payment_intent?.trim() || undefined }),
  // Prefetch, not ensure: an unknown order is a page state ('Order not found'), not a route error.
  loader: async ({ context, deps }) => {
    if (deps.paymentIntentId) {
      await context.queryClient.prefetchQuery(trpc.orders.get.queryOptions({ paymentIntentId: deps.paymentIntentId }));
    }
  },
  head: () => ({ meta: [{ title: translate('checkout.success.documentTitle') }] }),
  component: SuccessPage,
});

function SuccessPage() {
  const { paymentIntentId } = Route.useLoaderDeps();
  const { code } = Route.useSearch();
  const codeNote: SuccessCodeNote | null = code === 'kept' || code === 'signed-in' ? code : null;
  return (
    <SiteLayout>
      {paymentIntentId ? (
        <OrderConfirmation paymentIntentId={paymentIntentId} codeNote={codeNote} />
      ) : (
        <InvalidPaymentSession />
      )}
    </SiteLayout>
  );
}
