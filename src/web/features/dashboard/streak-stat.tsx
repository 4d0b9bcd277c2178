import { Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../trpc';

/** The browser's IANA time zone, whose calendar weeks the streak counts (UTC if it names none). */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

function weeksText(count: number): string {
  return `${count} week${count === 1 ? '' : 's'}`;
}

/** The streak query as the dashboard asks it, so a completion can refresh exactly this one. */
export function streakQueryOptions() {
  const timeZone = browserTimeZone();
  return trpc.progress.streak.queryOptions(timeZone ? { timeZone } : undefined);
}

/**
 * The weekly streak beside the consistency score on the Wins tab (docs/product.md#weekly-streak):
 * the server counts it, in the calendar weeks of this browser's time zone.
 */
export function StreakStat() {
  const streak = useQuery(streakQueryOptions());
  const data = streak.data;
  return (
    <div>
      <Text size="sm" c="dimmed" fw={600}>
        Weekly streak
      </Text>
      {data ? (
        <>
          <Text fz={24} fw={700}>
            {weeksText(data.currentStreak)}
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            Best: {weeksText(data.bestStreak)}.{' '}
            {data.completedThisWeek
              ? 'You completed a week this week.'
              : data.currentStreak > 0
                ? 'Complete a week by Sunday to keep it going.'
                : 'Complete a week this week to start one.'}
          </Text>
        </>
      ) : streak.isError ? (
        <Text size="sm" mt={6}>
          Your streak could not be loaded.
        </Text>
      ) : (
        <div role="status" aria-busy="true" aria-label="Loading your streak">
          <Skeleton height={32} width="50%" mt={2} />
          <Skeleton height={14} width="80%" mt={6} />
        </div>
      )}
    </div>
  );
}
