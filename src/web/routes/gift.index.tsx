import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { translate } from '../i18n/i18n';
import { DEFAULT_CURRENCY, PRICE_CENTS } from '../../shared/constants';
import { SiteLayout } from '../components/site-layout';
import { GiftForm } from '../features/gifts/gift-form';
import { PaymentSetupRequired } from '../features/orders/payment-setup-required';
import { loadPublicConfig } from '../load-public-config';
import { trpc } from '../trpc';

/** `/gift`: the course given as a gift (decision 0242). */
export const Route = createFileRoute('/gift/')({
  loader: ({ context }) => loadPublicConfig(context.queryClient),
  head: () => ({ meta: [{ title: `${translate('gifts.form.pageTitle')} · Vows & Weeks` }] }),
  component: GiftRoute,
});

function GiftRoute() {
  const config = useQuery(trpc.publicConfig.get.queryOptions());
  const priceCents = config.data?.priceCents ?? PRICE_CENTS;
  const currency = config.data?.currency ?? DEFAULT_CURRENCY;
  return (
    <SiteLayout>
      {config.data && !config.data.cardPayments ? (
        <PaymentSetupRequired priceCents={priceCents} currency={currency} />
      ) : (
        <GiftForm priceCents={priceCents} currency={currency} />
      )}
    </SiteLayout>
  );
}
