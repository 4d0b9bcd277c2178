import { Card, Group, Progress, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconBook, IconCircleCheck, IconFlag } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { TOTAL_WEEKS } from '../../../shared/constants';
import type { UserProgression } from '../../../shared/progress-schemas';
import { formatNumber } from '../../../shared/i18n/format';
import { translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { availableFrameworkCount, type WeekAccess } from './dashboard-logic';

interface SummaryCardsProps {
  progression: UserProgression | undefined;
  weeks: WeekAccess[] | undefined;
}

function SummaryCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <Text size="sm" fw={600} c="dimmed" tt="uppercase">
          {title}
        </Text>
        <ThemeIcon variant="light" size="lg" radius="xl" aria-hidden="true">
          {icon}
        </ThemeIcon>
      </Group>
      {children}
    </Card>
  );
}

/**
 * A card's value and caption line (and the progress bar of the first card) while they load, as
 * tall as what replaces them, so the cards and the page below do not move when the answer comes.
 */
function ValueSkeleton({ withBar = false }: { withBar?: boolean }) {
  const { t } = useT();
  return (
    <div role="status" aria-busy="true" aria-label={t('dashboard.summary.loading')}>
      <Skeleton height={34} width="50%" />
      {withBar ? <Skeleton height={12} mt="sm" radius="xl" /> : null}
      <Skeleton height="calc(var(--mantine-font-size-sm) * var(--mantine-line-height-sm))" width="80%" mt={6} />
    </div>
  );
}

/**
 * What the number counts (the frameworks open to the couple now), then how much of the course the
 * seller has published: "12 of 52 weeks published", or all of it. Without the first part a
 * new couple read "1" beside "All 52 weeks are published" as a contradiction.
 */
function publishedCaption(published: number): string {
  return published === TOTAL_WEEKS
    ? translate('dashboard.summary.allPublished', { total: TOTAL_WEEKS })
    : translate('dashboard.summary.somePublished', { published, total: TOTAL_WEEKS });
}

/** Weeks completed (x/52 with a percent bar), frameworks available now, and the current week. */
export function SummaryCards({ progression, weeks }: SummaryCardsProps) {
  const { t, locale } = useT();
  const percent = progression ? Math.round(progression.progressPercentage) : 0;
  const percentText = formatNumber(locale, percent / 100, { style: 'percent' });
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <SummaryCard title={t('dashboard.summary.completedTitle')} icon={<IconCircleCheck size={20} />}>
        {progression ? (
          <>
            <Text fz={28} fw={700} lh={1.2}>
              {progression.totalCompleted}/{TOTAL_WEEKS}
            </Text>
            <Progress
              value={progression.progressPercentage}
              mt="sm"
              size="lg"
              aria-label={t('dashboard.summary.percentLabel', { percent: percentText })}
            />
            <Text size="sm" c="dimmed" mt={6}>
              {t('dashboard.summary.percent', { percent: percentText })}
            </Text>
          </>
        ) : (
          <ValueSkeleton withBar />
        )}
      </SummaryCard>

      <SummaryCard title={t('dashboard.summary.availableTitle')} icon={<IconBook size={20} />}>
        {weeks ? (
          <>
            <Text fz={28} fw={700} lh={1.2}>
              {availableFrameworkCount(weeks)}
            </Text>
            <Text size="sm" c="dimmed" mt={6}>
              {publishedCaption(weeks.filter((week) => week.hasFramework).length)}
            </Text>
          </>
        ) : (
          <ValueSkeleton />
        )}
      </SummaryCard>

      <SummaryCard title={t('dashboard.summary.currentTitle')} icon={<IconFlag size={20} />}>
        {progression ? (
          <>
            <Text fz={28} fw={700} lh={1.2}>
              {progression.nextWeek === null
                ? t('dashboard.summary.allDone')
                : t('dashboard.week.name', { week: progression.nextWeek })}
            </Text>
            <Text size="sm" c="dimmed" mt={6}>
              {progression.nextWeek === null
                ? t('dashboard.summary.allDoneText')
                : progression.totalCompleted === 0
                  ? t('dashboard.summary.start')
                  : t('dashboard.summary.next')}
            </Text>
          </>
        ) : (
          <ValueSkeleton />
        )}
      </SummaryCard>
    </SimpleGrid>
  );
}
