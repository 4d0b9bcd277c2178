import { Card, Group, Progress, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconStar, IconTrophy } from '@tabler/icons-react';
import type { ProgressRecord, UserProgression } from '../../../shared/progress-schemas';
import { averageRating, consistencyScore, milestoneStatuses, nextMilestone, ratedWeeks } from './dashboard-logic';
import { RatingChart } from './rating-chart';
import { useT } from '../../i18n/use-t';
import { formatNumber } from '../../../shared/i18n/format';

interface WinsPanelProps {
  progression: UserProgression | undefined;
  records: ProgressRecord[] | undefined;
  /** Shown beside the consistency score: the weekly streak (docs/product.md#weekly-streak). */
  streak?: ReactNode;
}

/** Milestones reached (or still ahead) and growth statistics from the couple's own data. */
export function WinsPanel({ progression, records, streak }: WinsPanelProps) {
  const { t, locale } = useT();
  if (!progression || !records) {
    return (
      <Stack aria-busy="true" aria-label={t('dashboard.wins.loading')}>
        <Skeleton height={160} radius="md" />
        <Skeleton height={220} radius="md" />
      </Stack>
    );
  }
  const milestones = milestoneStatuses(progression.totalCompleted);
  const upcoming = nextMilestone(progression.totalCompleted);
  const average = averageRating(records);
  const rated = ratedWeeks(records);

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" component="section" aria-labelledby="milestones-title">
        <Title order={2} size="h3" id="milestones-title" mb="xs">
          {t('dashboard.wins.milestones')}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {upcoming
            ? t('dashboard.wins.upcoming', { count: upcoming.weeksToGo, title: upcoming.title })
            : t('dashboard.wins.allReached')}
        </Text>
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 4 }}
          spacing="md"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {milestones.map((milestone) => (
            <Card
              key={milestone.week}
              component="li"
              padding="md"
              withBorder
              bg={milestone.reached ? 'plum.0' : undefined}
              data-reached={milestone.reached}
              aria-label={
                milestone.reached
                  ? t('dashboard.wins.milestoneReachedLabel', { title: milestone.title })
                  : t('dashboard.wins.milestoneAheadLabel', { title: milestone.title, count: milestone.weeksToGo })
              }
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon
                  size="xl"
                  radius="xl"
                  variant={milestone.reached ? 'filled' : 'light'}
                  color={milestone.reached ? 'plum' : 'gray'}
                  aria-hidden="true"
                >
                  <IconTrophy size={22} />
                </ThemeIcon>
                <div>
                  <Text fw={700}>{milestone.title}</Text>
                  <Text size="sm" c="dimmed">
                    {/* What the milestone asks for: a fact once reached, a goal before. */}
                    {milestone.reached
                      ? t('dashboard.wins.weeksCompleted', { count: milestone.week })
                      : t('dashboard.wins.completeWeeks', { count: milestone.week })}
                  </Text>
                  <Text size="sm" fw={600} c={milestone.reached ? 'green.7' : 'gray.7'}>
                    {milestone.reached
                      ? t('dashboard.wins.reached')
                      : t('dashboard.wins.toGo', { count: milestone.weeksToGo })}
                  </Text>
                </div>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      </Card>

      <Card withBorder padding="lg" component="section" aria-labelledby="growth-title">
        <Title order={2} size="h3" id="growth-title" mb="md">
          {t('dashboard.wins.growth')}
        </Title>
        <SimpleGrid cols={streak ? { base: 1, xs: 2, md: 4 } : { base: 1, sm: 3 }} spacing="md" mb="lg">
          <Stat
            label={t('dashboard.wins.consistency')}
            value={formatNumber(locale, consistencyScore(progression.progressPercentage) / 100, { style: 'percent' })}
          >
            <Progress
              value={consistencyScore(progression.progressPercentage)}
              size="sm"
              mt={6}
              aria-label={t('dashboard.wins.consistency')}
            />
          </Stat>
          {streak}
          <Stat
            label={t('dashboard.wins.average')}
            value={
              average === null
                ? t('dashboard.wins.noRatings')
                : t('dashboard.wins.averageValue', {
                    average: formatNumber(locale, average, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
                  })
            }
            hint={
              average === null
                ? t('dashboard.wins.averageHint')
                : t('dashboard.wins.ratedFrom', { count: rated.length })
            }
          />
          <Stat
            label={t('dashboard.wins.weeksCompletedLabel')}
            value={t('dashboard.wins.weeksCompletedValue', { count: progression.totalCompleted })}
          />
        </SimpleGrid>

        <Text fw={600} mb="xs" id="ratings-chart-title">
          {t('dashboard.wins.ratingsTitle')}
        </Text>
        {rated.length > 0 ? (
          <RatingChart ratings={rated} />
        ) : (
          <Group gap="sm" p="md" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
            <ThemeIcon variant="light" radius="xl" aria-hidden="true">
              <IconStar size={18} />
            </ThemeIcon>
            <Text size="sm">{t('dashboard.wins.noRatedWeeks')}</Text>
          </Group>
        )}
      </Card>
    </Stack>
  );
}

function Stat({ label, value, hint, children }: { label: string; value: string; hint?: string; children?: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={24} fw={700}>
        {value}
      </Text>
      {children}
      {hint ? (
        <Text size="xs" c="dimmed" mt={4}>
          {hint}
        </Text>
      ) : null}
    </div>
  );
}
