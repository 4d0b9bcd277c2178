import { Badge, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarHeart } from '@tabler/icons-react';
import { AWAITING_NAMES_ATTRIBUTE } from '../../../shared/onboarding-page';
import { dashboardGreeting, needsOnboarding, type Profile } from '../../../shared/profile-rules';
import { useT } from '../../i18n/use-t';
import { weddingBadgeText } from './dashboard-logic';
import classes from './dashboard-header.module.css';

const BADGE_WRAPS = {
  root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%', paddingBlock: 3 },
  label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', lineHeight: 1.35 },
} as const;

interface DashboardHeaderProps {
  profile: Profile | undefined;
  /** The current time; tests pass a fixed one. */
  now?: Date;
}

/**
 * The greeting with both partners' names and the countdown to the wedding, or how long ago it was
 * (hidden without a date).
 */
export function DashboardHeader({ profile, now }: DashboardHeaderProps) {
  const { t } = useT();
  // Placeholder names ('Trial User' / 'Partner') are not greeted; onboarding asks for the real ones.
  const greeting = dashboardGreeting(t, profile);
  const weddingText = profile ? weddingBadgeText(profile.weddingDate, now) : null;
  // While the profile loads, the same heading shows the greeting without names (the page's frame,
  // prerendered into the HTML: decision 0136), as tall as two lines on a phone so the names do not
  // push the page down when they arrive; only the badge is a skeleton. A heading with the names is
  // as tall as they are (the server greets a couple by name in the HTML: decision 0279).
  const named = profile !== undefined && !needsOnboarding(profile);
  return (
    <Stack gap="xs" aria-busy={profile ? undefined : true}>
      <Title order={1} className={classes.greeting} {...{ [AWAITING_NAMES_ATTRIBUTE]: named ? undefined : true }}>
        {greeting}
      </Title>
      <Group gap="sm">
        <Text c="dimmed">{t('dashboard.header.tagline')}</Text>
        {!profile ? (
          <div role="status" aria-label={t('dashboard.header.loading')}>
            {/* As tall as the badge (Mantine lg: 26 px). */}
            <Skeleton height={26} width={200} radius="xl" />
          </div>
        ) : weddingText !== null ? (
          <Badge
            size="lg"
            variant="light"
            leftSection={<IconCalendarHeart size={16} aria-hidden="true" />}
            data-testid="wedding-countdown"
            // The whole sentence, wrapping onto a second line on the narrowest phones rather than
            // Mantine's one line cut off with an ellipsis ("180 DAYS UNTIL YOUR WEDDI…" at 320 px).
            styles={BADGE_WRAPS}
          >
            {weddingText}
          </Badge>
        ) : null}
      </Group>
    </Stack>
  );
}
