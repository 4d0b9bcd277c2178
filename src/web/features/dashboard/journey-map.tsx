import { Card, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { type KeyboardEvent, useRef, useState } from 'react';
import { PHASES, TOTAL_WEEKS } from '../../../shared/constants';
import { notify } from '../../components/notifications';
import { translate } from '../../i18n/i18n';
import { langOf } from '../../i18n/text-language';
import { T, useT } from '../../i18n/use-t';
import { phaseName } from '../../lib/phase-name';
import {
  weekNotice,
  weekStateLabel,
  weekAriaLabel,
  weekStateDetail,
  weeksInRange,
  type WeekAccess,
  type WeekState,
} from './dashboard-logic';
import classes from './journey-map.module.css';
import { WeekName } from './week-name';

const STATE_CLASS: Record<WeekState, string> = {
  completed: classes.completed ?? '',
  next: classes.next ?? '',
  available: classes.available ?? '',
  'coming-soon': classes.comingSoon ?? '',
  locked: classes.locked ?? '',
};

const LEGEND_ORDER: WeekState[] = ['completed', 'next', 'available', 'coming-soon', 'locked'];

interface JourneyMapProps {
  /** The server's week list: each week's state, lock reason and notice come from there. */
  weeks: WeekAccess[] | undefined;
  selectedWeek: number | null;
  onSelectWeek: (weekNumber: number) => void;
}

/**
 * The week that holds the map's one Tab stop until the keyboard moves: the selected week, else the
 * week up next, else the first week that is not locked, else week 1.
 */
export function defaultFocusWeek(weeks: readonly WeekAccess[], selectedWeek: number | null): number {
  if (selectedWeek !== null && weeks.some((week) => week.weekNumber === selectedWeek)) return selectedWeek;
  const next = weeks.find((week) => week.state === 'next') ?? weeks.find((week) => week.state !== 'locked');
  return next?.weekNumber ?? 1;
}

/** How many weeks one visual row of a phase holds (5, 7 or 13 by width; 1 where CSS is not laid out). */
function columnsOf(grid: Element | null): number {
  if (!grid) return 1;
  const columns = getComputedStyle(grid).gridTemplateColumns.split(' ').filter(Boolean).length;
  return columns > 0 ? columns : 1;
}

/**
 * The 52 weeks in four phases of 13, each a button naming its state. A week that cannot be opened
 * (locked, or no framework yet) is refused with a toast showing the server's notice for it instead
 * of being selected.
 *
 * The weeks are one Tab stop (a roving tabindex, WAI-ARIA APG): the arrow keys move between weeks
 * (Left/Right by one, Up/Down by one row), Home and End to weeks 1 and 52, Enter or Space opens the
 * focused week. Locked weeks stay reachable so that their name says why they are locked.
 */
export function JourneyMap({ weeks, selectedWeek, onSelectWeek }: JourneyMapProps) {
  const { t, locale } = useT();
  const groupRef = useRef<HTMLDivElement>(null);
  // The week the keyboard last rested on; null until the couple moves, so the default follows the data.
  const [focusedWeek, setFocusedWeek] = useState<number | null>(null);
  const tabStop = weeks
    ? focusedWeek !== null && weeks.some((week) => week.weekNumber === focusedWeek)
      ? focusedWeek
      : defaultFocusWeek(weeks, selectedWeek)
    : null;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const target = event.target as HTMLElement;
    const current = Number(target.dataset.weekButton);
    if (!weeks || !Number.isInteger(current) || current < 1) return;
    const last = Math.max(...weeks.map((week) => week.weekNumber));
    const row = columnsOf(target.parentElement);
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowLeft: current - 1,
      ArrowDown: current + row,
      ArrowUp: current - row,
      Home: 1,
      End: last,
    };
    const to = moves[event.key];
    if (to === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const week = Math.min(last, Math.max(1, to));
    setFocusedWeek(week);
    groupRef.current?.querySelector<HTMLElement>(`[data-week-button="${week}"]`)?.focus();
  }

  function choose(week: WeekAccess) {
    if (week.state === 'locked') {
      notify.error(translate('dashboard.map.lockedToast'), weekNotice(week));
      return;
    }
    if (week.state === 'coming-soon') {
      notify.success(translate('dashboard.map.comingSoonToast'), weekNotice(week));
      return;
    }
    onSelectWeek(week.weekNumber);
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="journey-map-title">
      <Stack gap="md">
        <div>
          <Title order={2} id="journey-map-title" size="h3">
            {t('dashboard.map.title')}
          </Title>
          <Text size="sm" c="dimmed" id="journey-map-hint">
            {t('dashboard.map.hint')}
          </Text>
        </div>
        <Legend />
        {weeks ? (
          // biome-ignore lint/a11y/useSemanticElements: a group of buttons that open weeks, not a form's fieldset
          <div
            ref={groupRef}
            role="group"
            aria-label={t('dashboard.map.weeks')}
            aria-describedby="journey-map-hint"
            className={classes.phases}
            onKeyDown={onKeyDown}
          >
            {PHASES.map((phase, index) => (
              <Stack
                key={phase.name}
                gap={6}
                component="section"
                aria-label={t('dashboard.map.phaseLabel', {
                  first: phase.firstWeek,
                  last: phase.lastWeek,
                  name: phaseName(index),
                })}
              >
                <Text size="sm" fw={600}>
                  {t('dashboard.map.phaseHeading', {
                    first: phase.firstWeek,
                    last: phase.lastWeek,
                    name: phaseName(index),
                  })}
                </Text>
                <div className={classes.grid}>
                  {weeksInRange(weeks, phase.firstWeek, phase.lastWeek).map((week) => {
                    const { state } = week;
                    const selected = week.weekNumber === selectedWeek;
                    // A title in another language than the page's (a week whose translation is
                    // missing) cannot be marked inside an aria-label: the name is then hidden text,
                    // its title in a span with its `lang` (WCAG 3.1.2).
                    const otherLanguage = langOf(week.language, locale) !== undefined;
                    return (
                      <button
                        key={week.weekNumber}
                        type="button"
                        className={`${classes.week} ${STATE_CLASS[state]} ${selected ? classes.selected : ''}`}
                        data-state={state}
                        data-week-button={week.weekNumber}
                        aria-label={otherLanguage ? undefined : weekAriaLabel(week, { selected })}
                        aria-pressed={selected}
                        tabIndex={week.weekNumber === tabStop ? 0 : -1}
                        onFocus={() => setFocusedWeek(week.weekNumber)}
                        onClick={() => choose(week)}
                      >
                        <span aria-hidden={otherLanguage || undefined}>{week.weekNumber}</span>
                        {otherLanguage ? (
                          <VisuallyHidden>
                            <T
                              id="dashboard.weekLabel.full"
                              values={{
                                name: <WeekName week={week} />,
                                detail: weekStateDetail(week),
                                selected: selected ? 'yes' : 'no',
                              }}
                            />
                          </VisuallyHidden>
                        ) : null}
                      </button>
                    );
                  })}
                </div>
              </Stack>
            ))}
          </div>
        ) : (
          <div className={classes.grid} role="status" aria-busy="true" aria-label={t('dashboard.map.loading')}>
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
  const { t } = useT();
  return (
    <Group
      gap="md"
      component="ul"
      aria-label={t('dashboard.map.legend')}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {LEGEND_ORDER.map((state) => (
        <Group key={state} gap={6} component="li" wrap="nowrap">
          <span className={`${classes.legendSwatch} ${STATE_CLASS[state]}`} aria-hidden="true" />
          <Text size="sm">{weekStateLabel(state)}</Text>
        </Group>
      ))}
    </Group>
  );
}
