import { Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../i18n/use-t';
import { trpc } from '../../trpc';

/** The browser's IANA time zone, whose calendar weeks the streak counts (UTC if it names none). */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
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
  const { t } = useT();
  const streak = useQuery(streakQueryOptions());
  const data = streak.data;
  return (
    <div>
      <Text size="sm" c="dimmed" fw={600}>
        {t('dashboard.streak.title')}
      </Text>
      {data ? (
        <>
          <Text fz={24} fw={700}>
            {t('dashboard.streak.weeks', { count: data.currentStreak })}
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            {t('dashboard.streak.best', { count: data.bestStreak })}{' '}
            {data.completedThisWeek
              ? t('dashboard.streak.doneThisWeek')
              : data.currentStreak > 0
                ? t('dashboard.streak.keepGoing')
                : t('dashboard.streak.start')}
          </Text>
        </>
      ) : streak.isError ? (
        <Text size="sm" mt={6}>
          {t('dashboard.streak.failed')}
        </Text>
      ) : (
        <div role="status" aria-busy="true" aria-label={t('dashboard.streak.loading')}>
          <Skeleton height={32} width="50%" mt={2} />
          <Skeleton height={14} width="80%" mt={6} />
        </div>
      )}
    </div>
  );
}
