import { Group, Paper, Stack, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { TOTAL_WEEKS } from '../../../shared/constants';
import classes from './admin.module.css';
import type { Framework } from './upload-request';

interface WeekOverviewProps {
  frameworks: Framework[];
  /** The week the upload form holds, outlined in the grid. */
  selectedWeek: number | null;
  onSelectWeek: (weekNumber: number, framework: Framework | undefined) => void;
}

export function uploadedCountText(count: number): string {
  return `${count} of ${TOTAL_WEEKS} weeks uploaded`;
}

/**
 * The 52-week overview (docs/product.md#admin-screen): green for an uploaded week, grey for one
 * still missing, the title in a tooltip; each cell is a button that puts its week into the upload
 * form.
 */
export function WeekOverview({ frameworks, selectedWeek, onSelectWeek }: WeekOverviewProps) {
  const byWeek = new Map(frameworks.map((framework) => [framework.weekNumber, framework]));
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="week-overview-heading">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} size="h3" id="week-overview-heading">
            Week overview
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
            Uploaded
          </Text>
          <Text size="sm" c="dimmed">
            <span
              className={classes.legendSwatch}
              style={{ background: 'var(--mantine-color-gray-2)', border: '1px solid var(--mantine-color-gray-4)' }}
              aria-hidden="true"
            />{' '}
            Not uploaded
          </Text>
          <Text size="sm" c="dimmed">
            Choose a week to fill the upload form.
          </Text>
        </Group>
        {/* biome-ignore lint/a11y/useSemanticElements: a CSS grid of tooltip targets; a list role without ul/li list styling to undo */}
        <div className={classes.weekGrid} role="list" aria-label="Weeks 1 to 52">
          {Array.from({ length: TOTAL_WEEKS }, (_, index) => {
            const weekNumber = index + 1;
            const framework = byWeek.get(weekNumber);
            const label = framework
              ? `Week ${weekNumber}: ${framework.title} (uploaded)`
              : `Week ${weekNumber}: not uploaded`;
            return (
              // biome-ignore lint/a11y/useSemanticElements: an item of the grid above
              <div role="listitem" key={weekNumber}>
                <Tooltip
                  label={framework ? framework.title : 'Not uploaded yet'}
                  withArrow
                  events={{ hover: true, focus: true, touch: false }}
                >
                  <UnstyledButton
                    className={classes.weekCell}
                    w="100%"
                    data-uploaded={framework ? true : undefined}
                    data-selected={selectedWeek === weekNumber ? true : undefined}
                    aria-label={label}
                    aria-current={selectedWeek === weekNumber ? 'true' : undefined}
                    onClick={() => onSelectWeek(weekNumber, framework)}
                  >
                    {weekNumber}
                  </UnstyledButton>
                </Tooltip>
              </div>
            );
          })}
        </div>
      </Stack>
    </Paper>
  );
}
