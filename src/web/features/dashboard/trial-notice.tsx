import { Alert, Anchor, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { PRICE_CENTS, TOTAL_WEEKS } from '../../../shared/constants';

interface TrialNoticeProps {
  /** The last week the trial opens. */
  weekLimit: number;
  totalCompleted: number;
}

/** Where the free trial ends and how to get the rest of the course. */
export function TrialNotice({ weekLimit, totalCompleted }: TrialNoticeProps) {
  const reachedEnd = totalCompleted >= weekLimit;
  return (
    <Alert
      variant="light"
      color="plum"
      icon={<IconInfoCircle aria-hidden="true" />}
      title={reachedEnd ? 'You finished your free trial' : 'Free trial'}
    >
      <Text size="sm">
        Your trial includes weeks 1-{weekLimit}. Weeks {weekLimit + 1}-{TOTAL_WEEKS} open with the full course: $
        {PRICE_CENTS / 100} once, with a 30-day money-back guarantee.{' '}
        <Anchor component={Link} to="/" hash="pricing" fw={600}>
          Get the full course
        </Anchor>
      </Text>
    </Alert>
  );
}
