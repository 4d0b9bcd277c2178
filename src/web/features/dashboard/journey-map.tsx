import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconClock, IconLock, IconPlayerPlayFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PHASES, TOTAL_WEEKS } from '../../../shared/constants';
import type { UserProgression } from '../../../shared/progress-schemas';
import { notify } from '../../components/notifications';
import {
  WEEK_STATE_LABELS,
  lockReason,
  weekAriaLabel,
  weekState,
  weeksInRange,
  type WeekAccess,
  type WeekState,
} from './dashboard-logic';
import classes from './journey-map.module.css';

const STATE_CLASS: Record<WeekState, string> = {
  completed: classes.completed ?? '',
  next: classes.next ?? '',
  available: classes.available ?? '',
  'coming-soon': classes.comingSoon ?? '',
  locked: classes.locked ?? '',
};

const STATE_ICON: Record<WeekState, ReactNode> = {
  completed: <IconCheck size={14} stroke={3} aria-hidden="true" />,
  next: <IconPlayerPlayFilled size={12} aria-hidden="true" />,
  available: null,
  'coming-soon': <IconClock size={14} aria-hidden="true" />,
  locked: <IconLock size={14} aria-hidden="true" />,
};

const LEGEND_ORDER: WeekState[] = ['completed', 'next', 'available', 'coming-soon', 'locked'];

interface JourneyMapProps {
  weeks: WeekAccess[] | undefined;
  progression: UserProgression | undefined;
  /** The highest week the couple's access level opens (52, or the trial length). */
  weekLimit: number;
  selectedWeek: number | null;
  onSelectWeek: (weekNumber: number) => void;
}

/**
 * The 52 weeks in four phases of 13, each a button naming its state. A locked week or one without
 * a framework is refused with the spec's toast instead of being selected.
 */
export function JourneyMap({ weeks, progression, weekLimit, selectedWeek, onSelectWeek }: JourneyMapProps) {
  function choose(week: WeekAccess, state: WeekState) {
    if (state === 'locked') {
      const completed = progression?.completedWeeks ?? [];
      if (lockReason(week.weekNumber, completed, weekLimit) === 'trial') {
        notify.error('Week Locked', `Week ${week.weekNumber} is part of the full course. Get the full course to unlock it.`);
      } else {
        notify.error('Week Locked', `Complete Week ${week.weekNumber - 1} to unlock this week.`);
      }
      return;
    }
    if (state === 'coming-soon') {
      notify.success('Coming Soon', `Week ${week.weekNumber} framework will be available soon.`);
      return;
    }
    onSelectWeek(week.weekNumber);
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="journey-map-title">
      <Stack gap="md">
        <div>
          <Title order={2} id="journey-map-title" size="h3">
            Your 52-week journey
          </Title>
          <Text size="sm" c="dimmed">
            Choose a week to open its framework, notes and rating.
          </Text>
        </div>
        <Legend />
        {weeks && progression ? (
          PHASES.map((phase) => (
            <Stack key={phase.name} gap={6} component="section" aria-label={`Weeks ${phase.firstWeek}-${phase.lastWeek}: ${phase.name}`}>
              <Text size="sm" fw={600}>
                Weeks {phase.firstWeek}-{phase.lastWeek} · {phase.name}
              </Text>
              <div className={classes.grid}>
                {weeksInRange(weeks, phase.firstWeek, phase.lastWeek).map((week) => {
                  const state = weekState(week, progression);
                  const selected = week.weekNumber === selectedWeek;
                  const beyondTrial = state === 'locked' && lockReason(week.weekNumber, progression.completedWeeks, weekLimit) === 'trial';
                  return (
                    <button
                      key={week.weekNumber}
                      type="button"
                      className={`${classes.week} ${STATE_CLASS[state]} ${selected ? classes.selected : ''}`}
                      data-state={state}
                      data-week-button={week.weekNumber}
                      aria-label={weekAriaLabel(week, state, { selected, beyondTrial })}
                      aria-pressed={selected}
                      onClick={() => choose(week, state)}
                    >
                      <span>{week.weekNumber}</span>
                      {STATE_ICON[state]}
                    </button>
                  );
                })}
              </div>
            </Stack>
          ))
        ) : (
          <div className={classes.grid} aria-busy="true" aria-label="Loading the journey map">
            {Array.from({ length: TOTAL_WEEKS }, (_, index) => (
              <Skeleton key={index} height={52} radius="md" />
            ))}
          </div>
        )}
      </Stack>
    </Card>
  );
}

function Legend() {
  return (
    <Group gap="md" component="ul" aria-label="Legend" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {LEGEND_ORDER.map((state) => (
        <Group key={state} gap={6} component="li" wrap="nowrap">
          <span className={`${classes.legendSwatch} ${STATE_CLASS[state]}`} aria-hidden="true">
            {STATE_ICON[state]}
          </span>
          <Text size="sm">{WEEK_STATE_LABELS[state]}</Text>
        </Group>
      ))}
    </Group>
  );
}
