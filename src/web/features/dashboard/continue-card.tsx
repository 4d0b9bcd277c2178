import { Button, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconClock, IconConfetti, IconPlayerPlayFilled } from '@tabler/icons-react';
import { TOTAL_WEEKS } from '../../../shared/constants';
import type { WeekAccess } from './dashboard-logic';
import { weekNotice } from './dashboard-logic';
import { WeekName } from './week-name';
import { nextStep } from './weekly-routine';
import { useT } from '../../i18n/use-t';

interface ContinueCardProps {
  /** The server's week list; undefined while it loads. */
  weeks: WeekAccess[] | undefined;
  /** Opens the week's workbook on the Current tab. */
  onContinue: (weekNumber: number) => void;
  onShowWins: () => void;
}

/**
 * What to do now (docs/product.md#weekly-routine): 'Continue Week N' for the current week, the
 * week's 'coming soon' notice while its framework is not uploaded, or a word of congratulation
 * after all 52 weeks. Nothing for a trial whose weeks are all done: the trial notice below says
 * what comes next.
 */
export function ContinueCard({ weeks, onContinue, onShowWins }: ContinueCardProps) {
  const { t } = useT();
  if (!weeks) {
    // The same layout as the card that replaces it, so nothing below moves when the weeks arrive.
    return (
      <Card withBorder padding="lg" role="status" aria-busy="true" aria-label={t('dashboard.continue.loading')}>
        <Group justify="space-between" align="center" gap="md">
          <Group wrap="nowrap" align="flex-start" gap="md" style={{ flex: '1 1 260px', minWidth: 0 }}>
            <Skeleton height={44} circle />
            <Stack gap={4} style={{ flex: 1 }}>
              <Skeleton height="calc(var(--mantine-font-size-sm) * var(--mantine-line-height-sm))" width={130} />
              <Skeleton height="calc(var(--mantine-h4-font-size) * var(--mantine-h4-line-height))" width="70%" />
            </Stack>
          </Group>
          <Skeleton height={42} width={190} radius="sm" />
        </Group>
      </Card>
    );
  }
  const step = nextStep(weeks);
  if (step.kind === 'trial-end') return null;

  if (step.kind === 'finished') {
    return (
      <Card withBorder padding="lg" component="section" aria-labelledby="next-step-title" bg="plum.0">
        <Group wrap="nowrap" align="flex-start" gap="md">
          <ThemeIcon size={44} radius="xl" aria-hidden="true">
            <IconConfetti size={24} />
          </ThemeIcon>
          <Stack gap="xs" align="flex-start">
            <Title order={2} size="h3" id="next-step-title">
              {t('dashboard.continue.finishedTitle', { total: TOTAL_WEEKS })}
            </Title>
            <Text size="sm">{t('dashboard.continue.finishedText')}</Text>
            <Button variant="light" rightSection={<IconArrowRight size={16} aria-hidden="true" />} onClick={onShowWins}>
              {t('dashboard.celebration.showWins')}
            </Button>
          </Stack>
        </Group>
      </Card>
    );
  }

  const { week } = step;
  const heading = <WeekName week={week} />;

  if (step.kind === 'coming-soon') {
    return (
      <Card withBorder padding="lg" component="section" aria-labelledby="next-step-title">
        <Group wrap="nowrap" align="flex-start" gap="md">
          <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-hidden="true">
            <IconClock size={24} />
          </ThemeIcon>
          <Stack gap={4}>
            <Text size="sm" fw={600} c="dimmed" tt="uppercase">
              {t('dashboard.continue.current')}
            </Text>
            <Title order={2} size="h4" id="next-step-title">
              {heading}
            </Title>
            {/* The server's sentence for a week without a framework (decision 0106). */}
            <Text size="sm">{weekNotice(week)}</Text>
          </Stack>
        </Group>
      </Card>
    );
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="next-step-title">
      <Group justify="space-between" align="center" gap="md">
        <Group wrap="nowrap" align="flex-start" gap="md" style={{ flex: '1 1 260px', minWidth: 0 }}>
          <ThemeIcon size={44} radius="xl" aria-hidden="true">
            <IconPlayerPlayFilled size={20} />
          </ThemeIcon>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} c="dimmed" tt="uppercase">
              {t('dashboard.continue.current')}
            </Text>
            <Title order={2} size="h4" id="next-step-title">
              {heading}
            </Title>
          </Stack>
        </Group>
        <Button
          size="md"
          rightSection={<IconArrowRight size={18} aria-hidden="true" />}
          onClick={() => onContinue(week.weekNumber)}
          style={{ flex: '0 0 auto' }}
        >
          {t('dashboard.continue.button', { week: week.weekNumber })}
        </Button>
      </Group>
    </Card>
  );
}
