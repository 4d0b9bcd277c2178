import { Alert, Anchor, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { TOTAL_WEEKS } from '../../../shared/constants';
import { embeddedPublicConfig } from '../../public-config';
import { useT } from '../../i18n/use-t';
import { trpc } from '../../trpc';

interface TrialNoticeProps {
  /** The last week the trial opens. */
  weekLimit: number;
  totalCompleted: number;
}

/** Where the free trial ends and how to get the rest of the course. */
export function TrialNotice({ weekLimit, totalCompleted }: TrialNoticeProps) {
  const { t } = useT();
  const reachedEnd = totalCompleted >= weekLimit;
  // The pricing form comes filled in with this sign-in's email and the couple's first name; paying
  // while signed in upgrades this same account (docs/product.md#card-payments).
  const buyer = useQuery(trpc.payments.buyer.queryOptions());
  // The configured price (PRICE_CENTS in CURRENCY) as the server formats it (decision 0310), which
  // the page's data block usually carries. An answer kept offline by an older build has no such
  // text: the notice then reads as it does without a price.
  const config = useQuery({ ...trpc.publicConfig.get.queryOptions(), initialData: embeddedPublicConfig() });
  const price = config.data?.advertisedPrice?.price ?? null;
  const search = {
    ...(buyer.data?.email ? { email: buyer.data.email } : {}),
    ...(buyer.data?.firstName ? { firstName: buyer.data.firstName } : {}),
  };
  return (
    <Alert
      variant="light"
      color="plum"
      icon={<IconInfoCircle aria-hidden="true" />}
      title={reachedEnd ? t('dashboard.trial.finished') : t('dashboard.trial.title')}
      role="note"
    >
      <Text size="sm">
        {price
          ? t('dashboard.trial.textPrice', { limit: weekLimit, first: weekLimit + 1, total: TOTAL_WEEKS, price })
          : t('dashboard.trial.text', { limit: weekLimit, first: weekLimit + 1, total: TOTAL_WEEKS })}{' '}
        <Anchor renderRoot={(props) => <Link {...props} to="/" search={search} hash="pricing" />} fw={600}>
          {t('dashboard.trial.buy')}
        </Anchor>
      </Text>
    </Alert>
  );
}
