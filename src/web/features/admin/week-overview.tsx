import { Group, Paper, Stack, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { type FocusEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { TOTAL_WEEKS } from '../../../shared/constants';
import { translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import classes from './admin.module.css';
import type { Framework } from './upload-request';

interface WeekOverviewProps {
  frameworks: Framework[];
  /** The week the upload form holds, outlined in the grid. */
  selectedWeek: number | null;
  onSelectWeek: (weekNumber: number, framework: Framework | undefined) => void;
}

export function uploadedCountText(count: number): string {
  return translate('admin.frameworks.overview.count', { count, total: TOTAL_WEEKS });
}

/** The week whose tooltip shows (or showed last, while it fades out). */
interface Tip {
  week: number;
  label: string;
  opened: boolean;
}

/**
 * The 52-week overview (docs/product.md#admin-screen): green for an uploaded week, grey for one
 * still missing, the title in a tooltip; each cell is a button that puts its week into the upload
 * form.
 *
 * One tooltip serves the whole grid, placed at the cell under the mouse or with the keyboard's
 * focus (decision 0182): a Tooltip per cell mounted 52 sets of floating-ui hooks and effects, most
 * of the time React took to put `/admin` on screen. It is anchored to an empty element laid over
 * that cell, not given the cell as its `target`: Mantine's Tooltip hands a `target` to floating-ui
 * again after every render of its own, and once in CI that set off an endless chain of updates
 * (React's error #185) while the keyboard walked the grid. As WCAG 1.4.13 asks of content shown on
 * hover or focus, Escape closes it wherever the focus is, and the mouse can move onto it without it
 * closing (it closes a moment after the mouse leaves the cell, unless the mouse is on it).
 */
export function WeekOverview({ frameworks, selectedWeek, onSelectWeek }: WeekOverviewProps) {
  const byWeek = new Map(frameworks.map((framework) => [framework.weekNumber, framework]));
  const { t } = useT();
  const [tip, setTip] = useState<Tip | null>(null);
  const closing = useRef<number | undefined>(undefined);
  const show = (week: number, label: string) => {
    window.clearTimeout(closing.current);
    setTip({ week, label, opened: true });
  };
  const hide = (week: number) =>
    setTip((current) => (current?.week === week ? { ...current, opened: false } : current));
  const hideSoon = (week: number) => {
    window.clearTimeout(closing.current);
    closing.current = window.setTimeout(() => hide(week), TIP_CLOSE_DELAY_MS);
  };
  const opened = tip?.opened === true;
  useEffect(() => {
    if (!opened) return undefined;
    const dismiss = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') setTip((current) => (current ? { ...current, opened: false } : current));
    };
    document.addEventListener('keydown', dismiss);
    return () => document.removeEventListener('keydown', dismiss);
  }, [opened]);
  useEffect(() => () => window.clearTimeout(closing.current), []);
  const tipHandlers = (week: number, label: string) => ({
    // As Mantine's own tooltip with `touch: false`: a mouse opens it, a finger does not.
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType === 'mouse') show(week, label);
    },
    onPointerLeave: () => hideSoon(week),
    // Keyboard focus only (a click focuses too, without showing it), as Mantine's `focus` event.
    onFocus: (event: FocusEvent<HTMLElement>) => {
      if (focusVisible(event.currentTarget)) show(week, label);
    },
    onBlur: () => hide(week),
  });
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="week-overview-heading">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} size="h3" id="week-overview-heading">
            {t('admin.frameworks.overview.heading')}
          </Title>
          <Text fw={600} aria-live="polite" data-testid="uploaded-count">
            {uploadedCountText(byWeek.size)}
          </Text>
        </Group>
        <Group gap="md">
          <Text size="sm" c="dimmed">
            <span
              className={classes.legendSwatch}
              style={{ background: 'var(--mantine-color-green-7)' }}
              aria-hidden="true"
            />{' '}
            {t('admin.frameworks.overview.uploaded')}
          </Text>
          <Text size="sm" c="dimmed">
            <span
              className={classes.legendSwatch}
              style={{ background: 'var(--mantine-color-gray-2)', border: '1px solid var(--mantine-color-gray-4)' }}
              aria-hidden="true"
            />{' '}
            {t('admin.frameworks.overview.notUploaded')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('admin.frameworks.overview.choose')}
          </Text>
        </Group>
        {/* biome-ignore lint/a11y/useSemanticElements: a CSS grid of tooltip targets; a list role without ul/li list styling to undo */}
        <div className={classes.weekGrid} role="list" aria-label={t('admin.frameworks.overview.grid')}>
          {Array.from({ length: TOTAL_WEEKS }, (_, index) => {
            const weekNumber = index + 1;
            const framework = byWeek.get(weekNumber);
            const label = framework
              ? t('admin.frameworks.overview.cellUploaded', { week: weekNumber, title: framework.title })
              : t('admin.frameworks.overview.cellMissing', { week: weekNumber });
            return (
              // biome-ignore lint/a11y/useSemanticElements: an item of the grid above
              <div role="listitem" key={weekNumber} className={classes.weekItem}>
                <UnstyledButton
                  className={classes.weekCell}
                  w="100%"
                  data-uploaded={framework ? true : undefined}
                  data-selected={selectedWeek === weekNumber ? true : undefined}
                  aria-label={label}
                  aria-current={selectedWeek === weekNumber ? 'true' : undefined}
                  onClick={() => onSelectWeek(weekNumber, framework)}
                  {...tipHandlers(weekNumber, framework ? framework.title : t('admin.frameworks.overview.tipMissing'))}
                >
                  {weekNumber}
                </UnstyledButton>
                {tip?.week === weekNumber && (
                  <Tooltip
                    label={tip.label}
                    opened={tip.opened}
                    withArrow
                    interactive
                    onPointerEnter={() => window.clearTimeout(closing.current)}
                    onPointerLeave={() => hideSoon(weekNumber)}
                  >
                    <span className={classes.tipAnchor} aria-hidden="true" />
                  </Tooltip>
                )}
              </div>
            );
          })}
        </div>
      </Stack>
    </Paper>
  );
}

/** How long the tooltip stays after the mouse leaves its cell: time to move onto it (WCAG 1.4.13). */
const TIP_CLOSE_DELAY_MS = 300;

/** Whether the cell has the keyboard's focus (`:focus-visible`); true where the selector is unknown. */
function focusVisible(element: HTMLElement): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}
