import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import classes from './admin-overview.module.css';
import { ScrollableTable } from './scrollable-table';
import { formatShare } from './format';

export interface WeekPoint {
  weekNumber: number;
  completed: number;
  ratings: number;
  averageRating: number | null;
}

const WIDTH = 520;
const HEIGHT = 160;
const SLOT = WIDTH / 52;

/** 52 bars drawn by hand: `value` of each week against `max`. Decorative to assistive technology
 * except for its title and summary; the numbers are in the table (the chart's text alternative). */
function Bars({
  weeks,
  value,
  max,
  barClass,
  label,
  summary,
}: {
  weeks: WeekPoint[];
  value: (week: WeekPoint) => number;
  max: number;
  barClass: string | undefined;
  label: string;
  summary: string;
}) {
  const titleId = useId();
  const descId = useId();
  return (
    <div>
      <svg
        className={classes.chart}
        viewBox={`0 0 ${WIDTH} ${HEIGHT + 1}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
      >
        <title id={titleId}>{label}</title>
        <desc id={descId}>{summary}</desc>
        {weeks.map((week, index) => {
          const height = max === 0 ? 0 : (value(week) / max) * HEIGHT;
          return (
            <rect
              key={week.weekNumber}
              className={barClass}
              x={index * SLOT + 1}
              y={HEIGHT - height}
              width={SLOT - 2}
              height={height}
            />
          );
        })}
        <line className={classes.baseline} x1={0} x2={WIDTH} y1={HEIGHT + 0.5} y2={HEIGHT + 0.5} />
      </svg>
      <div className={classes.axis} aria-hidden="true">
        <span>Week 1</span>
        <span>Week 13</span>
        <span>Week 26</span>
        <span>Week 39</span>
        <span>Week 52</span>
      </div>
    </div>
  );
}

/** A sentence naming the chart's main points, for its accessible description. */
function describeCurve(weeks: WeekPoint[]): string {
  const first = weeks[0]?.completed ?? 0;
  if (first === 0) return 'No couple has completed a week yet.';
  const last = [...weeks].reverse().find((week) => week.completed > 0)!;
  const biggestDrop = weeks.slice(1).reduce(
    (worst, week, index) => {
      const drop = weeks[index]!.completed - week.completed;
      return drop > worst.drop ? { week: week.weekNumber, drop } : worst;
    },
    { week: 0, drop: 0 },
  );
  const drop =
    biggestDrop.drop > 0
      ? ` The biggest drop is before week ${biggestDrop.week} (${biggestDrop.drop} fewer couples).`
      : '';
  return `${first} couples completed week 1; the furthest week completed is week ${last.weekNumber} (${last.completed}).${drop}`;
}

/**
 * The drop-off curve (docs/product.md#admin-overview): how many couples completed each week, and
 * the mean rating per week, as two bar charts with a table of the same numbers behind a toggle.
 */
export function WeekCharts({ weeks }: { weeks: WeekPoint[] }) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const maxCompleted = Math.max(0, ...weeks.map((week) => week.completed));
  const weekOne = weeks[0]?.completed ?? 0;
  const rated = weeks.filter((week) => week.averageRating !== null);
  return (
    <Stack gap="md" component="section" aria-labelledby={`${tableId}-heading`}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2} size="h3" id={`${tableId}-heading`}>
            Drop-off curve
          </Title>
          <Text size="sm" c="dimmed">
            How many couples completed each week, so you can see which weeks lose couples.
          </Text>
        </div>
        <Button
          variant="light"
          size="sm"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((shown) => !shown)}
        >
          {showTable ? 'Hide the numbers' : 'Show as a table'}
        </Button>
      </Group>
      <Bars
        weeks={weeks}
        value={(week) => week.completed}
        max={maxCompleted}
        barClass={classes.bar}
        label="Couples who completed each week, weeks 1 to 52"
        summary={describeCurve(weeks)}
      />
      <div>
        <Title order={3} size="h5">
          Average rating per week
        </Title>
        <Text size="sm" c="dimmed">
          Out of 5 stars, from the couples who completed and rated the week.
        </Text>
      </div>
      <Bars
        weeks={weeks}
        value={(week) => week.averageRating ?? 0}
        max={5}
        barClass={classes.ratingBar}
        label="Average rating of each week, out of 5"
        summary={
          rated.length === 0
            ? 'No week has been rated yet.'
            : `${rated.length} of 52 weeks have ratings; ${rated
                .map((week) => `week ${week.weekNumber} ${week.averageRating}`)
                .slice(0, 6)
                .join(', ')}${rated.length > 6 ? ', and more in the table' : ''}.`
        }
      />
      <div id={tableId} hidden={!showTable}>
        {showTable && (
          <ScrollableTable label="Numbers per week, scrolls sideways" minWidth={420}>
            <Table striped>
              <caption>Couples who completed each week, and its ratings</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Week</Table.Th>
                  <Table.Th scope="col">Couples completed</Table.Th>
                  <Table.Th scope="col">Of week 1</Table.Th>
                  <Table.Th scope="col">Average rating</Table.Th>
                  <Table.Th scope="col">Ratings</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {weeks.map((week) => (
                  <Table.Tr key={week.weekNumber}>
                    <Table.Th scope="row">Week {week.weekNumber}</Table.Th>
                    <Table.Td>{week.completed}</Table.Td>
                    <Table.Td>{formatShare(weekOne === 0 ? null : week.completed / weekOne)}</Table.Td>
                    <Table.Td>{week.averageRating === null ? '—' : week.averageRating.toFixed(1)}</Table.Td>
                    <Table.Td>{week.ratings}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollableTable>
        )}
      </div>
    </Stack>
  );
}
