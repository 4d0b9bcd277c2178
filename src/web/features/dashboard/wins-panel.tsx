import { Card, Group, Progress, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconStar, IconTrophy } from '@tabler/icons-react';
import type { ProgressRecord, UserProgression } from '../../../shared/progress-schemas';
import { averageRating, consistencyScore, milestoneStatuses, nextMilestone, ratedWeeks } from './dashboard-logic';
import { RatingChart } from './rating-chart';

interface WinsPanelProps {
  progression: UserProgression | undefined;
  records: ProgressRecord[] | undefined;
  /** Shown beside the consistency score: the weekly streak (docs/product.md#weekly-streak). */
  streak?: ReactNode;
}

/** '1 week', '13 weeks'. */
function weeksText(count: number): string {
  return `${count} week${count === 1 ? '' : 's'}`;
}

/** Milestones reached (or still ahead) and growth statistics from the couple's own data. */
export function WinsPanel({ progression, records, streak }: WinsPanelProps) {
  if (!progression || !records) {
    return (
      <Stack aria-busy="true" aria-label="Loading your wins">
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
          Milestones
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {upcoming
            ? `${upcoming.weeksToGo} more week${upcoming.weeksToGo === 1 ? '' : 's'} to "${upcoming.title}".`
            : 'Every milestone reached. What a year!'}
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
              aria-label={`${milestone.title}: ${milestone.reached ? 'reached' : `not reached yet, ${weeksText(milestone.weeksToGo)} to go`}`}
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
                      ? `${weeksText(milestone.week)} completed`
                      : `Complete ${weeksText(milestone.week)}`}
                  </Text>
                  <Text size="sm" fw={600} c={milestone.reached ? 'green.7' : 'gray.7'}>
                    {milestone.reached ? 'Reached' : `${milestone.weeksToGo} to go`}
                  </Text>
                </div>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      </Card>

      <Card withBorder padding="lg" component="section" aria-labelledby="growth-title">
        <Title order={2} size="h3" id="growth-title" mb="md">
          Growth statistics
        </Title>
        <SimpleGrid cols={streak ? { base: 1, xs: 2, md: 4 } : { base: 1, sm: 3 }} spacing="md" mb="lg">
          <Stat label="Consistency score" value={`${consistencyScore(progression.progressPercentage)}%`}>
            <Progress
              value={consistencyScore(progression.progressPercentage)}
              size="sm"
              mt={6}
              aria-label="Consistency score"
            />
          </Stat>
          {streak}
          <Stat
            label="Average weekly rating"
            value={average === null ? 'No ratings yet' : `${average.toFixed(1)}/5`}
            hint={
              average === null
                ? 'Rate a week on the Progress tab to see your average.'
                : `From ${rated.length} rated week${rated.length === 1 ? '' : 's'}.`
            }
          />
          <Stat label="Weeks completed" value={`${progression.totalCompleted} of 52`} />
        </SimpleGrid>

        <Text fw={600} mb="xs" id="ratings-chart-title">
          Your weekly ratings
        </Text>
        {rated.length > 0 ? (
          <RatingChart ratings={rated} />
        ) : (
          <Group gap="sm" p="md" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
            <ThemeIcon variant="light" radius="xl" aria-hidden="true">
              <IconStar size={18} />
            </ThemeIcon>
            <Text size="sm">
              No rated weeks yet. Open a week on the Progress tab and give it 1 to 5 stars; your ratings will chart
              here.
            </Text>
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
