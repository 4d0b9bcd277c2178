import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconClock, IconLock, IconPlayerPlayFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PHASES, TOTAL_WEEKS } from '../../../shared/constants';
import { notify } from '../../components/notifications';
import { WEEK_STATE_LABELS, weekAriaLabel, weeksInRange, type WeekAccess, type WeekState } from './dashboard-logic';
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
  /** The server's week list: each week's state, lock reason and notice come from there. */
  weeks: WeekAccess[] | undefined;
  selectedWeek: number | null;
  onSelectWeek: (weekNumber: number) => void;
}

/**
 * The 52 weeks in four phases of 13, each a button naming its state. A week that cannot be opened
 * (locked, or no framework yet) is refused with a toast showing the server's notice for it instead
 * of being selected.
 */
export function JourneyMap({ weeks, selectedWeek, onSelectWeek }: JourneyMapProps) {
  function choose(week: WeekAccess) {
    if (week.state === 'locked') {
      notify.error('Week Locked', week.notice ?? undefined);
      return;
    }
    if (week.state === 'coming-soon') {
      notify.success('Coming Soon', week.notice ?? undefined);
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
        {weeks ? (
          PHASES.map((phase) => (
            <Stack
              key={phase.name}
              gap={6}
              component="section"
              aria-label={`Weeks ${phase.firstWeek}-${phase.lastWeek}: ${phase.name}`}
            >
              <Text size="sm" fw={600}>
                Weeks {phase.firstWeek}-{phase.lastWeek} · {phase.name}
              </Text>
              <div className={classes.grid}>
                {weeksInRange(weeks, phase.firstWeek, phase.lastWeek).map((week) => {
                  const { state } = week;
                  const selected = week.weekNumber === selectedWeek;
                  return (
                    <button
                      key={week.weekNumber}
                      type="button"
                      className={`${classes.week} ${STATE_CLASS[state]} ${selected ? classes.selected : ''}`}
                      data-state={state}
                      data-week-button={week.weekNumber}
                      aria-label={weekAriaLabel(week, { selected })}
                      aria-pressed={selected}
                      onClick={() => choose(week)}
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
          <div className={classes.grid} role="status" aria-busy="true" aria-label="Loading the journey map">
            {Array.from({ length: TOTAL_WEEKS }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of identical placeholders that never reorders
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
