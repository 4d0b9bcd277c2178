import { Badge, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarHeart } from '@tabler/icons-react';
import { needsOnboarding, type Profile } from '../../../shared/profile-rules';
import { weddingBadgeText } from './dashboard-logic';

const H1_LINE = 'calc(var(--mantine-h1-font-size) * var(--mantine-h1-line-height))';

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
  if (!profile) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label="Loading your dashboard">
        {/* As tall as the greeting (two lines on a phone) and the line under it, so nothing moves when they arrive. */}
        <Skeleton h={{ base: `calc(2 * ${H1_LINE})`, sm: H1_LINE }} width="60%" />
        <Skeleton height="calc(var(--mantine-font-size-md) * var(--mantine-line-height-md))" width={200} />
      </Stack>
    );
  }
  // Placeholder names ('Trial User' / 'Partner') are not greeted; onboarding asks for the real ones.
  const names = needsOnboarding(profile) ? '' : `${profile.userDisplayName.trim()} & ${profile.partnerName.trim()}`;
  const weddingText = weddingBadgeText(profile.weddingDate, now);
  return (
    <Stack gap="xs">
      <Title order={1}>{names ? `Welcome, ${names}` : 'Welcome to your journey'}</Title>
      <Group gap="sm">
        <Text c="dimmed">Your 52-week journey to a stronger marriage.</Text>
        {weddingText !== null ? (
          <Badge
            size="lg"
            variant="light"
            leftSection={<IconCalendarHeart size={16} aria-hidden="true" />}
            data-testid="wedding-countdown"
          >
            {weddingText}
          </Badge>
        ) : null}
      </Group>
    </Stack>
  );
}
