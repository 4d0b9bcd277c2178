import { Badge, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarHeart } from '@tabler/icons-react';
import { dashboardGreeting, type Profile } from '../../../shared/profile-rules';
import { useT } from '../../i18n/use-t';
import { weddingBadgeText } from './dashboard-logic';

const H1_LINE = 'calc(var(--mantine-h1-font-size) * var(--mantine-h1-line-height))';

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
  // push the page down when they arrive; only the badge is a skeleton.
  return (
    <Stack gap="xs" aria-busy={profile ? undefined : true}>
      <Title order={1} mih={{ base: `calc(2 * ${H1_LINE})`, sm: H1_LINE }}>
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
